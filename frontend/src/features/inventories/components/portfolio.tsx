import { Alert, Button, Card, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { plural, LIMITS, THIRD_PARTY_CATEGORY_LABELS, type PortfolioQueryInput } from '@vendorwatch/contracts';
import { useState } from 'react';
import { usePhoneLayout } from '@/components/compliance/use-phone-layout';
import { SectionLoader } from '@/components/ui/section-loader';
import { saveFile } from '@/lib/save-file';
import { api } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { portfolioExportPath, usePortfolio } from '../api/get-portfolio';

/** Third-party concentration across the workspace's vendors: filterable, exported as CSV. */
export function Portfolio() {
  const [query, setQuery] = useState<PortfolioQueryInput>({});
  const portfolio = usePortfolio(query);
  const phone = usePhoneLayout();
  const download = () =>
    api
      .getFile(portfolioExportPath(query))
      .then((file) => saveFile(file.blob, file.filename ?? 'portfolio-third-parties.csv'))
      .catch((error: unknown) => notifyError('Failed to export the portfolio', error));
  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Category"
          placeholder="All"
          clearable
          data={Object.entries(THIRD_PARTY_CATEGORY_LABELS).map(([value, label]) => ({ value, label }))}
          value={query.category ?? null}
          onChange={(category) => setQuery({ ...query, category: category ?? undefined })}
        />
        <Select
          label="Trackers"
          placeholder="All"
          clearable
          data={[
            { value: 'true', label: 'Trackers only' },
            { value: 'false', label: 'No trackers' },
          ]}
          value={query.trackers ?? null}
          onChange={(trackers) => setQuery({ ...query, trackers: (trackers as 'true' | 'false' | null) ?? undefined })}
        />
        <TextInput
          label="Search"
          maxLength={LIMITS.portfolio.searchMaxLength}
          value={query.q ?? ''}
          onChange={(event) => setQuery({ ...query, q: event.currentTarget.value || undefined })}
        />
        <Button variant="default" leftSection={<IconDownload size={14} />} onClick={download} data-testid="portfolio-export">
          Export CSV
        </Button>
      </Group>
      {portfolio.isPending ? (
        <SectionLoader label="Loading portfolio" />
      ) : portfolio.isError ? (
        <Alert color="red">{portfolio.error.message}</Alert>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {plural(portfolio.data.vendorsCounted, 'vendor')} with an assessed crawl
          </Text>
          {phone ? (
            <Stack gap="xs">
              {portfolio.data.parties.map((party) => (
                <Card key={party.key} withBorder padding="sm" data-testid="portfolio-party">
                  <Text fw={600}>{party.name}</Text>
                  <Text size="sm">
                    {party.company ?? 'Unknown company'} · {THIRD_PARTY_CATEGORY_LABELS[party.category] ?? party.category}
                  </Text>
                  <Text size="sm">
                    {plural(party.vendorCount, 'vendor')} ({party.vendorShare} %)
                  </Text>
                </Card>
              ))}
            </Stack>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Third party</Table.Th>
                  <Table.Th>Company</Table.Th>
                  <Table.Th>Category</Table.Th>
                  <Table.Th>Vendors</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {portfolio.data.parties.map((party) => (
                  <Table.Tr key={party.key} data-testid="portfolio-party">
                    <Table.Td>{party.name}</Table.Td>
                    <Table.Td>{party.company ?? '–'}</Table.Td>
                    <Table.Td>{THIRD_PARTY_CATEGORY_LABELS[party.category] ?? party.category}</Table.Td>
                    <Table.Td title={party.vendors.map((vendor) => vendor.vendorName).join(', ')}>
                      {party.vendorCount} ({party.vendorShare} %)
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {portfolio.data.trackingBeforeConsent.length > 0 && (
            <Alert
              color="orange"
              title="Vendors sending visitors to trackers before consent"
              data-testid="portfolio-before-consent"
            >
              {portfolio.data.trackingBeforeConsent
                .map((vendor) => `${vendor.vendorName}: ${vendor.parties.map((party) => party.name).join(', ')}`)
                .join('; ')}
            </Alert>
          )}
        </>
      )}
    </Stack>
  );
}
