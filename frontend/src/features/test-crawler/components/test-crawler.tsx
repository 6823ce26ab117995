import { Alert, Badge, Button, Card, Group, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconFlask } from '@tabler/icons-react';
import {
  DEFAULT_CRAWL_RUN_SETTINGS,
  MESSAGES,
  testCrawlSchema,
  rendersInBrowser,
  type CrawlMethod,
  type CrawlRunSettings,
} from '@vendorwatch/contracts';
import type { ReactNode } from 'react';
import { CrawlMethodPicker } from '@/components/crawl/crawl-method-picker';
import { PuppeteerSettingsFields } from '@/components/crawl/puppeteer-settings-fields';
import { focusFirstError, zodValidate } from '@/lib/form';
import { useTestCrawl } from '../api/test-crawl';
import { TestCrawlResultView } from './test-crawl-result';
import { PermissionFieldset, RequiresPermission } from '@/lib/workspace';

/** The Test Crawler's states: idle, running, completed, failed. */
type TestCrawlerStatus = 'idle' | 'running' | 'completed' | 'failed';

const STATUS_TEXT: Record<TestCrawlerStatus, { label: string; color: string }> = {
  idle: { label: 'Idle', color: 'gray' },
  running: { label: 'Running', color: 'blue' },
  completed: { label: 'Completed', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

interface TestCrawlerValues {
  url: string;
  method: CrawlMethod;
  settings: CrawlRunSettings;
}

interface TestCrawlerProps {
  /** Under the API method: whether an API key is configured (the screen knows the configurations). */
  apiNotice?: ReactNode;
}

export function TestCrawler({ apiNotice }: TestCrawlerProps = {}) {
  const testCrawl = useTestCrawl();
  // Controlled: the method picker decides whether the Puppeteer settings are on screen.
  const form = useForm<TestCrawlerValues>({
    initialValues: { url: '', method: 'puppeteer', settings: { ...DEFAULT_CRAWL_RUN_SETTINGS } },
    validate: zodValidate(testCrawlSchema),
  });

  const submit = form.onSubmit(
    (values) => testCrawl.mutate(testCrawlSchema.parse(values)),
    (errors) => focusFirstError(form, errors),
  );

  const result = testCrawl.data;
  // A page that could not be loaded still comes back as a result, with its reason in `data.error`.
  const status: TestCrawlerStatus = testCrawl.isPending
    ? 'running'
    : testCrawl.isError || result?.data.error
      ? 'failed'
      : result
        ? 'completed'
        : 'idle';
  const running = status === 'running';

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <form onSubmit={submit} noValidate aria-label="Test Crawler" data-testid="test-crawler-form">
          <PermissionFieldset permission="crawls.run">
            <Stack>
              <Group justify="space-between">
                <Title order={3} size="h4">
                  Test a URL
                </Title>
                <Badge color={STATUS_TEXT[status].color} variant="light" data-testid="test-crawler-status" data-status={status}>
                  {STATUS_TEXT[status].label}
                </Badge>
              </Group>
              <CrawlMethodPicker
                value={form.values.method}
                onChange={(method) => form.setFieldValue('method', method)}
                disabled={running}
                apiNotice={apiNotice}
              />
              {rendersInBrowser(form.values.method) && (
                <PuppeteerSettingsFields
                  value={form.values.settings}
                  onChange={(settings) => form.setFieldValue('settings', settings)}
                  disabled={running}
                />
              )}
              <TextInput
                label="URL"
                type="url"
                placeholder="https://example.com"
                withAsterisk
                disabled={running}
                data-testid="test-crawler-url"
                {...form.getInputProps('url')}
              />
              <RequiresPermission permission="crawls.run">
                <Group justify="flex-end">
                  <Button type="submit" leftSection={<IconFlask size={16} />} disabled={running} data-testid="start-test">
                    Start Test
                  </Button>
                </Group>
              </RequiresPermission>
              {running && (
                <Stack gap={4}>
                  {/* The server answers once, at the end: there is no percentage to show, only that it works. */}
                  <Progress
                    value={100}
                    striped
                    animated
                    aria-label="Test crawl in progress"
                    data-testid="test-crawler-progress"
                  />
                  <Text size="xs" c="dimmed">
                    Loading the page; this can take up to a minute.
                  </Text>
                </Stack>
              )}
            </Stack>
          </PermissionFieldset>
        </form>
      </Card>
      {testCrawl.error && (
        <Alert color="red" title={MESSAGES.crawls.testCrawlFailed} data-testid="test-crawler-error">
          {testCrawl.error.message}
        </Alert>
      )}
      {result && <TestCrawlResultView result={result} />}
    </Stack>
  );
}
