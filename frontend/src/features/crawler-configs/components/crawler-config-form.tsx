import { Button, Group, NativeSelect, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlugConnected } from '@tabler/icons-react';
import {
  createCrawlerConfigSchema,
  MESSAGES,
  SCRAPINGBEE_DEFAULT_ENDPOINT,
  updateCrawlerConfigSchema,
  type CrawlerConfig,
} from '@vendorwatch/contracts';
import { focusFirstError, setServerFieldErrors, zodValidate } from '@/lib/form';
import { useCreateCrawlerConfig } from '../api/create-crawler-config';
import { useTestCrawlerConfig } from '../api/test-crawler-config';
import { useUpdateCrawlerConfig } from '../api/update-crawler-config';
import { ConnectionTestResult } from './connection-test-result';
import { CRAWLER_CONFIG_TYPE_OPTIONS } from './crawler-config-type';

interface CrawlerConfigFormValues {
  name: string;
  type: CrawlerConfig['type'];
  apiKey: string;
  apiEndpoint: string;
}

const validateCreate = zodValidate(createCrawlerConfigSchema);
const validateUpdate = zodValidate(updateCrawlerConfigSchema);

/** When editing, a blank key means "keep the stored one": it is left out rather than sent empty. */
const withoutBlankKey = ({ apiKey, ...rest }: CrawlerConfigFormValues) => (apiKey.trim() ? { ...rest, apiKey } : rest);

interface CrawlerConfigFormProps {
  /** The configuration to edit; absent to add a new one. */
  config?: CrawlerConfig;
  onDone: () => void;
  onCancel: () => void;
}

export function CrawlerConfigForm({ config, onDone, onCancel }: CrawlerConfigFormProps) {
  const editing = config !== undefined;
  const create = useCreateCrawlerConfig();
  const update = useUpdateCrawlerConfig();
  const test = useTestCrawlerConfig();
  const form = useForm<CrawlerConfigFormValues>({
    mode: 'uncontrolled',
    initialValues: {
      name: config?.name ?? '',
      type: config?.type ?? 'scrapingbee',
      apiKey: '',
      apiEndpoint: config?.apiEndpoint ?? SCRAPINGBEE_DEFAULT_ENDPOINT,
    },
    validate: (values) => (editing ? validateUpdate(withoutBlankKey(values)) : validateCreate(values)),
  });

  const callbacks = { onSuccess: onDone, onError: (error: Error) => setServerFieldErrors(form, error) };
  const submit = form.onSubmit(
    (values) => {
      // parse() trims, the key included: a pasted key often carries a space.
      if (config)
        update.mutate({ configId: config.id, data: updateCrawlerConfigSchema.parse(withoutBlankKey(values)) }, callbacks);
      else create.mutate(createCrawlerConfigSchema.parse(values), callbacks);
    },
    (errors) => focusFirstError(form, errors),
  );

  const testConnection = () => {
    const { apiKey, apiEndpoint } = form.getValues();
    if (!apiKey.trim()) {
      // Editing: the stored key can be tested without typing it again.
      if (config) return test.mutate({ id: config.id });
      // Nothing typed asks for a key; a key of only spaces is called empty, as the API calls it.
      form.setFieldError(
        'apiKey',
        apiKey ? MESSAGES.crawlerConfigs.apiKeyEmpty : MESSAGES.crawlerConfigs.apiKeyRequiredForTesting,
      );
      form.getInputNode('apiKey')?.focus();
      return;
    }
    if (form.validateField('apiEndpoint').hasError) return;
    test.mutate({ apiKey: apiKey.trim(), apiEndpoint: apiEndpoint.trim() });
  };

  const saving = create.isPending || update.isPending;

  return (
    <form onSubmit={submit} noValidate aria-label={editing ? 'Edit Crawler' : 'Add Crawler'} data-testid="crawler-config-form">
      <Stack>
        <TextInput
          label="Name"
          withAsterisk
          data-testid="crawler-config-name"
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <NativeSelect
          label="Type"
          withAsterisk
          data={CRAWLER_CONFIG_TYPE_OPTIONS}
          data-testid="crawler-config-type"
          key={form.key('type')}
          {...form.getInputProps('type')}
        />
        <PasswordInput
          label="API Key"
          withAsterisk={!editing}
          description={editing ? `Leave blank to keep the current key (${config.apiKeyMasked})` : undefined}
          autoComplete="off"
          data-testid="crawler-config-api-key"
          key={form.key('apiKey')}
          {...form.getInputProps('apiKey')}
        />
        <TextInput
          label="Endpoint"
          withAsterisk
          type="url"
          data-testid="crawler-config-endpoint"
          key={form.key('apiEndpoint')}
          {...form.getInputProps('apiEndpoint')}
        />
        {test.data && <ConnectionTestResult result={test.data} />}
        <Group justify="space-between">
          <Button
            variant="default"
            leftSection={<IconPlugConnected size={16} />}
            onClick={testConnection}
            loading={test.isPending}
            data-testid="test-connection"
          >
            Test Connection
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} data-testid="save-crawler-config">
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
