import { Alert, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { THIRD_PARTY_CATEGORY_LABELS, type ThirdParty } from '@vendorwatch/contracts';
import { SectionLoader } from '@/components/ui/section-loader';
import { useVendorThirdParties } from '../api/get-vendor-third-parties';
import { isNotAssessed } from './not-assessed';

/** The companies the vendor's pages send visitors to, grouped by company. */
export function VendorThirdPartiesCard({ vendorId }: { vendorId: string }) {
  const parties = useVendorThirdParties(vendorId);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="vendor-third-parties">
      <Title order={3} size="h4" mb="sm">
        Third parties
      </Title>
      {parties.isPending ? (
        <SectionLoader label="Loading third parties" />
      ) : parties.isError ? (
        isNotAssessed(parties.error) ? (
          <Text c="dimmed">{parties.error.message}</Text>
        ) : (
          <Alert color="red">{parties.error.message}</Alert>
        )
      ) : parties.data.thirdParties.length === 0 ? (
        <Text c="dimmed">No third party was contacted.</Text>
      ) : (
        <Stack gap="sm">
          {byCompany(parties.data.thirdParties).map(([company, services]) => (
            <Stack key={company} gap={4} data-testid="third-party-company">
              <Text fw={600}>{company}</Text>
              <Group gap="xs">
                {services.map((party) => (
                  <Badge
                    key={party.key}
                    variant="light"
                    color={party.requestedBeforeConsent && party.tracker ? 'red' : party.tracker ? 'orange' : 'gray'}
                    title={party.hosts.join(', ')}
                    // A long name ("Google Analytics · Analytics · before consent") wraps on a phone instead of being cut.
                    styles={WRAPPING_BADGE}
                  >
                    {party.name} · {THIRD_PARTY_CATEGORY_LABELS[party.category] ?? party.category}
                    {party.tracker && party.requestedBeforeConsent ? ' · before consent' : ''}
                  </Badge>
                ))}
              </Group>
            </Stack>
          ))}
        </Stack>
      )}
    </Card>
  );
}

const WRAPPING_BADGE = {
  root: { height: 'auto', maxWidth: '100%', paddingBlock: 2 },
  label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' },
} as const;

/** Known companies by name, then the hosts the data does not know (each its own entry). */
function byCompany(parties: ThirdParty[]): [string, ThirdParty[]][] {
  const groups = new Map<string, ThirdParty[]>();
  for (const party of parties) {
    const company = party.company ?? 'Unknown company';
    groups.set(company, [...(groups.get(company) ?? []), party]);
  }
  return [...groups.entries()].sort(([a], [b]) =>
    a === 'Unknown company' ? 1 : b === 'Unknown company' ? -1 : a.localeCompare(b),
  );
}
