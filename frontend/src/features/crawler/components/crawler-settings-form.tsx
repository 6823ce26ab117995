import { Button, Card, Group, NumberInput, SimpleGrid, Stack, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { crawlerSettingsSchema, type VendorCrawlerSettings } from '@vendorwatch/contracts';
import { focusFirstError, setServerFieldErrors, zodValidate } from '@/lib/form';
import { useSaveCrawlerSettings } from '../api/save-crawler-settings';
import { PermissionFieldset, RequiresPermission } from '@/lib/workspace';

interface CrawlerSettingsFormValues {
  maxPages: number | string;
  crawlDelay: number | string;
  startUrls: string;
  allowedDomains: string;
  excludePatterns: string;
  keepQueryParams: string;
  ignoreSelectors: string;
  ignoreTextPatterns: string;
}

type LineFieldName = Exclude<keyof CrawlerSettingsFormValues, 'maxPages' | 'crawlDelay'>;

interface LineField {
  name: LineFieldName;
  label: string;
  description: string;
  /** Rows shown at least and at most (the box grows with its text between them). */
  rows: readonly [number, number];
  testId: string;
  required?: boolean;
  placeholder?: string;
}

/** The list settings, in the order shown; each is edited one entry per line and the shared schema splits them again. */
const LINE_FIELDS: readonly LineField[] = [
  {
    name: 'startUrls',
    label: 'Start URLs',
    required: true,
    description: 'One URL per line',
    placeholder: 'https://example.com',
    rows: [3, 10],
    testId: 'crawler-start-urls',
  },
  {
    name: 'allowedDomains',
    label: 'Allowed Domains',
    description:
      "One domain per line, e.g. example.com or *.example.com; subdomains are included. The start URLs' hosts are always allowed.",
    rows: [2, 8],
    testId: 'crawler-allowed-domains',
  },
  {
    name: 'excludePatterns',
    label: 'Exclude Patterns',
    description: 'One glob per line, matched against the URL path, e.g. /admin/** or *.pdf',
    rows: [2, 8],
    testId: 'crawler-exclude-patterns',
  },
  {
    name: 'keepQueryParams',
    label: 'Keep Query Parameters',
    description:
      'Tracking parameters such as utm_source are dropped from crawled URLs, so a page is crawled once. List, one per line, any of them this site needs to tell its pages apart.',
    rows: [1, 6],
    testId: 'crawler-keep-query-params',
  },
  {
    name: 'ignoreSelectors',
    label: 'Ignore Elements (change detection)',
    description:
      'One CSS selector per line whose elements are left out when crawls are compared, e.g. div.promo, #stock-level or [data-ad]. Navigation, header, footer, scripts and cookie banners are always left out.',
    rows: [1, 6],
    testId: 'crawler-ignore-selectors',
  },
  {
    name: 'ignoreTextPatterns',
    label: 'Ignore Text (change detection)',
    description:
      'One text per line that comparisons ignore; * stands for any text within a line, e.g. Served by node * in. Dates, times and counters are always ignored.',
    rows: [1, 6],
    testId: 'crawler-ignore-text',
  },
];

const toFormValues = (settings: VendorCrawlerSettings): CrawlerSettingsFormValues => ({
  maxPages: settings.maxPages,
  crawlDelay: settings.crawlDelay,
  startUrls: settings.startUrls.join('\n'),
  allowedDomains: settings.allowedDomains.join('\n'),
  excludePatterns: settings.excludePatterns.join('\n'),
  keepQueryParams: settings.keepQueryParams.join('\n'),
  ignoreSelectors: settings.ignoreSelectors.join('\n'),
  ignoreTextPatterns: settings.ignoreTextPatterns.join('\n'),
});

interface CrawlerSettingsFormProps {
  vendorId: string;
  /** What the server holds now; the form starts from it. */
  settings: VendorCrawlerSettings;
}

export function CrawlerSettingsForm({ vendorId, settings }: CrawlerSettingsFormProps) {
  const save = useSaveCrawlerSettings();
  const form = useForm<CrawlerSettingsFormValues>({
    mode: 'uncontrolled',
    initialValues: toFormValues(settings),
    validate: zodValidate(crawlerSettingsSchema, { lineFields: LINE_FIELDS.map((field) => field.name) }),
  });

  const submit = form.onSubmit(
    (values) =>
      // parse() turns the texts into trimmed lists: the server gets exactly what was validated.
      save.mutate(
        { vendorId, data: crawlerSettingsSchema.parse(values) },
        {
          onSuccess: (saved) => {
            form.setValues(toFormValues(saved));
            form.resetDirty(toFormValues(saved));
          },
          onError: (error) => setServerFieldErrors(form, error),
        },
      ),
    (errors) => focusFirstError(form, errors),
  );

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h4" mb="md">
        Crawler Settings
      </Title>
      <form onSubmit={submit} noValidate aria-label="Crawler Settings" data-testid="crawler-settings-form">
        <PermissionFieldset permission="crawlerSettings.write">
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {/* No min/max props: NumberInput would clamp silently, where the schema explains the limit. */}
              <NumberInput
                label="Max Pages"
                withAsterisk
                description="1 to 1000 pages per crawl"
                data-testid="crawler-max-pages"
                key={form.key('maxPages')}
                {...form.getInputProps('maxPages')}
              />
              <NumberInput
                label="Crawl Delay (ms)"
                withAsterisk
                description="Pause between two requests, 500 to 10000 ms"
                data-testid="crawler-crawl-delay"
                key={form.key('crawlDelay')}
                {...form.getInputProps('crawlDelay')}
              />
            </SimpleGrid>
            {LINE_FIELDS.map(({ name, label, description, rows, testId, required, placeholder }) => (
              <Textarea
                key={form.key(name)}
                label={label}
                withAsterisk={required}
                description={description}
                placeholder={placeholder}
                autosize
                minRows={rows[0]}
                maxRows={rows[1]}
                data-testid={testId}
                {...form.getInputProps(name)}
              />
            ))}
            <RequiresPermission permission="crawlerSettings.write">
              <Group justify="flex-end">
                <Button
                  type="submit"
                  leftSection={<IconDeviceFloppy size={16} />}
                  loading={save.isPending}
                  data-testid="save-crawler-settings"
                >
                  Save Settings
                </Button>
              </Group>
            </RequiresPermission>
          </Stack>
        </PermissionFieldset>
      </form>
    </Card>
  );
}
