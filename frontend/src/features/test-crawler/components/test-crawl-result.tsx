import { Alert, Anchor, Badge, Card, Image, List, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { isHttpUrl, MESSAGES, type TestCrawlResult } from '@vendorwatch/contracts';
import type { ReactNode } from 'react';

export function TestCrawlResultView({ result }: { result: TestCrawlResult }) {
  const { data, screenshot } = result;
  const headers = Object.entries(data.headers);

  return (
    <Stack gap="lg" data-testid="test-crawl-result">
      {data.error && (
        <Alert color="red" title={MESSAGES.crawls.testCrawlFailed}>
          {data.error}
        </Alert>
      )}
      {/* Only an inline image is shown: the src comes from the server, not from this app. */}
      {screenshot?.startsWith('data:image/') && (
        <Card withBorder radius="md" padding="lg">
          <Title order={3} size="h4" mb="md">
            Screenshot
          </Title>
          <Image src={screenshot} alt="Screenshot" radius="sm" />
        </Card>
      )}
      <Card withBorder radius="md" padding="lg">
        <Title order={3} size="h4" mb="md">
          Page Data
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Field label="URL">
            <Link url={data.url} />
          </Field>
          <Field label="Final URL">{data.finalUrl ? <Link url={data.finalUrl} /> : '—'}</Field>
          <Field label="Title">{data.title || '—'}</Field>
          <Field label="Description">{data.description || '—'}</Field>
          <Field label="Status">
            {data.statusCode === null ? (
              '—'
            ) : (
              <Badge variant="light" color={data.statusCode < 400 ? 'green' : 'red'}>
                {data.statusCode}
              </Badge>
            )}
          </Field>
          <Field label="Response Time">{data.responseTimeMs === null ? '—' : `${data.responseTimeMs} ms`}</Field>
        </SimpleGrid>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Title order={3} size="h4" mb="md">
          Links ({data.links.length})
        </Title>
        {data.links.length === 0 ? (
          <Text c="dimmed" size="sm">
            No links found.
          </Text>
        ) : (
          <ScrollArea.Autosize mah={320} type="auto">
            <List size="sm" spacing={4} aria-label="Links">
              {data.links.map((link, index) => (
                // A page may link to the same URL twice.
                <List.Item key={`${index}:${link}`}>
                  <Link url={link} />
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
        )}
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Title order={3} size="h4" mb="md">
          Headers
        </Title>
        {headers.length === 0 ? (
          <Text c="dimmed" size="sm">
            No headers received.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table aria-label="Headers" verticalSpacing={4}>
              <Table.Tbody>
                {headers.map(([name, value]) => (
                  <Table.Tr key={name}>
                    <Table.Th scope="row" w="30%">
                      {name}
                    </Table.Th>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{value}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** Only http(s) becomes a link: the crawled page chose these URLs. */
function Link({ url }: { url: string }) {
  return isHttpUrl(url) ? (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm" style={{ wordBreak: 'break-all' }}>
      {url}
    </Anchor>
  ) : (
    <>{url}</>
  );
}
