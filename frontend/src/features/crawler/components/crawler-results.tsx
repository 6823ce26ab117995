import { Anchor, Badge, Button, Card, Collapse, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { isHttpUrl, type CrawlPage } from '@vendorwatch/contracts';
import type { ReactNode } from 'react';

/** Shows a page's screenshot (behind the bearer token); the route supplies it from the crawl-jobs feature. */
export type RenderScreenshot = (url: string, alt: string) => ReactNode;

interface CrawlerResultsProps {
  pages: CrawlPage[];
  /** While the crawl runs, an empty list means "nothing yet" rather than "nothing found". */
  running: boolean;
  renderScreenshot: RenderScreenshot;
}

export function CrawlerResults({ pages, running, renderScreenshot }: CrawlerResultsProps) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="md">
        <Title order={3} size="h4">
          Results
        </Title>
        <Badge variant="light" data-testid="crawler-results-count">
          {pages.length}
        </Badge>
      </Group>
      {pages.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {running ? 'No pages crawled yet.' : 'No pages were crawled.'}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Crawled pages">
          {pages.map((page) => (
            <CrawlerResult key={page.id} page={page} renderScreenshot={renderScreenshot} />
          ))}
        </Stack>
      )}
    </Card>
  );
}

function CrawlerResult({ page, renderScreenshot }: { page: CrawlPage; renderScreenshot: RenderScreenshot }) {
  const [screenshotShown, screenshot] = useDisclosure(false);
  const title = page.title || 'Untitled';
  return (
    <Card component="li" withBorder radius="sm" padding="sm" data-testid="crawler-result">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={500} data-testid="crawler-result-title">
            {title}
          </Text>
          {page.statusCode !== null && (
            <Badge variant="light" color={page.statusCode < 400 ? 'green' : 'red'}>
              {page.statusCode}
            </Badge>
          )}
        </Group>
        {/* Only http(s) becomes a link: a crawled page controls this text. */}
        {isHttpUrl(page.url) ? (
          <Anchor href={page.url} target="_blank" rel="noopener noreferrer" size="sm" style={{ wordBreak: 'break-all' }}>
            {page.url}
          </Anchor>
        ) : (
          <Text size="sm">{page.url}</Text>
        )}
        {page.description && (
          <Text size="sm" c="dimmed">
            {page.description}
          </Text>
        )}
        {page.error && (
          <Text size="sm" c="red">
            {page.error}
          </Text>
        )}
        {page.screenshotUrl && (
          <>
            <Group>
              <Button size="compact-xs" variant="subtle" onClick={screenshot.toggle} aria-expanded={screenshotShown}>
                {screenshotShown ? 'Hide screenshot' : 'Show screenshot'}
              </Button>
            </Group>
            {/* Fetched only when asked for: a long crawl would otherwise load every image at once. */}
            <Collapse expanded={screenshotShown}>
              {screenshotShown && renderScreenshot(page.screenshotUrl, `Screenshot of ${title}`)}
            </Collapse>
          </>
        )}
      </Stack>
    </Card>
  );
}
