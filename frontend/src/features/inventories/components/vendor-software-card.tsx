import { Alert, Anchor, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { LIBRARY_EVIDENCE_LABELS, plural, type DetectedLibrary, type VendorSoftware } from '@vendorwatch/contracts';
import { usePhoneLayout } from '@/components/compliance/use-phone-layout';
import { SectionLoader } from '@/components/ui/section-loader';
import { useDownloadSbom } from '../api/download-sbom';
import { useVendorSoftware } from '../api/get-vendor-software';
import { isNotAssessed } from './not-assessed';

const SEVERITY_COLOURS = { critical: 'red', high: 'orange', medium: 'yellow', low: 'gray' } as const;

/** What the vendor's site runs: vulnerable libraries with their advisories, the technology inventory and its SBOM. */
export function VendorSoftwareCard({ vendorId }: { vendorId: string }) {
  const software = useVendorSoftware(vendorId);
  const sbom = useDownloadSbom();
  return (
    <Card withBorder radius="md" padding="lg" data-testid="vendor-software">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          Software
        </Title>
        {software.data && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} />}
            loading={sbom.isPending}
            onClick={() => sbom.mutate({ vendorId })}
            data-testid="download-sbom"
          >
            Download SBOM
          </Button>
        )}
      </Group>
      {software.isPending ? (
        <SectionLoader label="Loading software" />
      ) : software.isError ? (
        isNotAssessed(software.error) ? (
          <Text c="dimmed">{software.error.message}</Text>
        ) : (
          <Alert color="red">{software.error.message}</Alert>
        )
      ) : (
        <SoftwareDetail software={software.data} />
      )}
    </Card>
  );
}

function SoftwareDetail({ software }: { software: VendorSoftware }) {
  const vulnerable = software.libraries.filter((library) => library.advisories.length > 0);
  const vulnerabilityData = software.dataSources.find((source) => source.use === 'vulnerabilities');
  return (
    <Stack gap="md">
      <Text size="sm" data-testid="vulnerable-library-count">
        {vulnerable.length === 0
          ? 'No JavaScript library with a known vulnerability was seen.'
          : `${vulnerable.length} JavaScript ${vulnerable.length === 1 ? 'library has' : 'libraries have'} known vulnerabilities.`}{' '}
        Detection is by the evidence the crawl saw (file names, version banners, globals): a bundled library without either is not
        seen.
      </Text>
      {vulnerable.length > 0 && <VulnerableLibraries libraries={vulnerable} />}
      {vulnerabilityData && (
        <Text size="xs" c="dimmed">
          Vulnerability data: {vulnerabilityData.name} ({vulnerabilityData.package} {vulnerabilityData.version}
          {vulnerabilityData.publishedAt ? `, ${vulnerabilityData.publishedAt.slice(0, 10)}` : ''})
        </Text>
      )}
      <Title order={4} size="h5">
        Technologies
      </Title>
      {software.technologies.length === 0 ? (
        <Text c="dimmed" size="sm">
          No technology recognised.
        </Text>
      ) : (
        <Group gap="xs" data-testid="technologies">
          {software.technologies.map((technology) => (
            <Badge
              key={technology.name}
              variant="light"
              color={technology.endOfLife ? 'red' : 'blue'}
              title={technology.categories.join(', ')}
            >
              {technology.name}
              {technology.version ? ` ${technology.version}` : ''}
              {technology.endOfLife ? ' (end of life)' : ''}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}

function VulnerableLibraries({ libraries }: { libraries: DetectedLibrary[] }) {
  const phone = usePhoneLayout();
  if (phone)
    return (
      <Stack gap="xs">
        {libraries.map((library) => (
          <Card key={`${library.component}@${library.version}`} withBorder padding="sm" data-testid="vulnerable-library">
            <LibraryLines library={library} />
          </Card>
        ))}
      </Stack>
    );
  // No minimum width (it hid "Fixed in" behind a sideways scroll in the vendor page's column): the
  // advisory ids wrap between ids, never inside one, and the other cells are short.
  return (
    <Table layout="auto">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Library</Table.Th>
          <Table.Th>Version</Table.Th>
          <Table.Th>Pages</Table.Th>
          <Table.Th>Advisories</Table.Th>
          <Table.Th>Fixed in</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {libraries.map((library) => (
          <Table.Tr key={`${library.component}@${library.version}`} data-testid="vulnerable-library">
            <Table.Td>
              {library.component}{' '}
              {library.severity && (
                <Badge size="xs" color={SEVERITY_COLOURS[library.severity]}>
                  {library.severity}
                </Badge>
              )}
            </Table.Td>
            <Table.Td>{library.version}</Table.Td>
            <Table.Td>{library.pagesTotal}</Table.Td>
            <Table.Td>
              <Advisories library={library} />
            </Table.Td>
            <Table.Td data-testid="library-fixed-in" style={{ whiteSpace: 'nowrap' }}>
              {library.fixedVersion ?? (library.endOfLife ? 'a supported major version' : '–')}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function LibraryLines({ library }: { library: DetectedLibrary }) {
  return (
    <Stack gap={2}>
      <Text fw={600}>
        {library.component} {library.version}
      </Text>
      <Text size="sm">
        Seen on {plural(library.pagesTotal, 'page')}, by {library.evidence.map((e) => LIBRARY_EVIDENCE_LABELS[e.kind]).join(', ')}
      </Text>
      <Advisories library={library} />
      <Text size="sm">Fixed in: {library.fixedVersion ?? '–'}</Text>
    </Stack>
  );
}

function Advisories({ library }: { library: DetectedLibrary }) {
  return (
    <Group gap={6} wrap="wrap">
      {library.advisories.flatMap((advisory) =>
        advisory.ids.slice(0, 1).map((id) =>
          advisory.info[0] ? (
            <Anchor
              key={id}
              href={advisory.info[0]}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              style={{ whiteSpace: 'nowrap' }}
              data-testid="advisory-id"
            >
              {id}
            </Anchor>
          ) : (
            <Text key={id} size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="advisory-id">
              {id}
            </Text>
          ),
        ),
      )}
    </Group>
  );
}
