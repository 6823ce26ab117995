import { Alert, Button, Card, Code, Group, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconWorldDownload } from '@tabler/icons-react';
import { MESSAGES, scrapeRequestSchema } from '@vendorwatch/contracts';
import { focusFirstError, zodValidate } from '@/lib/form';
import { useScrapeUrl } from '../api/scrape-url';
import { useCan } from '@/lib/workspace';

const validateRequest = zodValidate(scrapeRequestSchema);

/** The field starts with a sample site, so a first try needs no typing. */
const SAMPLE_SCRAPE_URL = 'https://example.com';

export function ScrapePanel() {
  // A scrape spends the workspace's scraping credits, as a crawl does (the connection test only reads them: anyone may).
  const canRun = useCan('crawls.run');
  const scrape = useScrapeUrl();
  const [htmlShown, html] = useDisclosure(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { url: SAMPLE_SCRAPE_URL },
    // An empty field gets the page's own prompt; anything else the shared request rules.
    validate: (values) => (values.url.trim() ? validateRequest(values) : { url: MESSAGES.scraping.enterUrlToScrape }),
  });

  const submit = form.onSubmit(
    (values) => {
      html.close();
      scrape.mutate({ url: scrapeRequestSchema.parse(values).url });
    },
    (errors) => focusFirstError(form, errors),
  );

  const result = scrape.data;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack>
        <Title order={3} size="h4">
          Scrape a URL
        </Title>
        <Text size="sm" c="dimmed">
          Fetches one page through the scraping API without JavaScript rendering (1 credit).
        </Text>
        <form onSubmit={submit} noValidate aria-label="Scrape a URL">
          <Group align="flex-start">
            <TextInput
              label="URL"
              type="url"
              placeholder="https://example.com"
              style={{ flex: 1 }}
              data-testid="scrape-url"
              key={form.key('url')}
              {...form.getInputProps('url')}
            />
            <Button
              type="submit"
              mt={25}
              leftSection={<IconWorldDownload size={16} />}
              loading={scrape.isPending}
              disabled={!canRun}
            >
              Scrape
            </Button>
          </Group>
        </form>
        {scrape.error && (
          <Alert color="red" title={MESSAGES.scraping.scrapeFailed} data-testid="scrape-error">
            {scrape.error.message}
          </Alert>
        )}
        {result && (
          <Alert color={result.success ? 'green' : 'red'} data-testid="scrape-result">
            <Stack gap="xs">
              <Text size="sm">{result.message}</Text>
              {result.credits !== null && <Text size="sm">Credits used: {result.credits}</Text>}
              {result.pageSource !== null && (
                <Group>
                  <Button size="xs" variant="default" onClick={html.toggle} aria-expanded={htmlShown}>
                    {htmlShown ? 'Hide HTML' : 'Show HTML'}
                  </Button>
                  <Text size="xs" c="dimmed">
                    {result.pageSource.length.toLocaleString()} characters
                  </Text>
                </Group>
              )}
            </Stack>
          </Alert>
        )}
        {/* Shown as text, never rendered: the page's HTML must not run here. */}
        {htmlShown && result?.pageSource && (
          <ScrollArea.Autosize mah={480} type="auto">
            <Code block data-testid="scrape-html">
              {result.pageSource}
            </Code>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Card>
  );
}
