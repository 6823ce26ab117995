import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { GRADE_LETTERS, type DashboardPosture as Posture, plural } from '@vendorwatch/contracts';
import { useDashboardPosture } from '../api/get-dashboard-posture';

/** Across the vendors: whose mail can be spoofed, certificates expiring soon, grades, vulnerable libraries, top third parties. */
export function DashboardPosture() {
  const posture = useDashboardPosture();
  if (!posture.data || posture.data.vendorsAssessed === 0) return null;
  return <PostureTiles posture={posture.data} />;
}

function Tile({ label, value, detail, testId }: { label: string; value: string | number; detail?: string; testId: string }) {
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed" lineClamp={3}>
          {detail}
        </Text>
      )}
    </Card>
  );
}

export function PostureTiles({ posture }: { posture: Posture }) {
  const { certificates, withinDays } = posture.certificatesExpiring;
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        Vendor posture
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Tile
          testId="posture-mail-spoofable"
          label="Mail can be spoofed (no DMARC enforcement)"
          value={posture.mailSpoofable.length}
          detail={posture.mailSpoofable.map((vendor) => vendor.vendorName).join(', ')}
        />
        <Tile
          testId="posture-certificates-expiring"
          label={`Certificates expiring within ${withinDays} days`}
          value={certificates.length}
          detail={certificates.map((c) => `${c.host} (${c.daysLeft < 0 ? 'expired' : `${c.daysLeft} d`})`).join(', ')}
        />
        <Tile
          testId="posture-vulnerable-libraries"
          label="Vulnerable JavaScript libraries"
          value={posture.vulnerableLibraries}
          detail={`at ${posture.vendorsWithVulnerableLibraries} of ${plural(posture.vendorsAssessed, 'vendor')}`}
        />
        <Card withBorder padding="md" data-testid="posture-grades">
          <Text size="sm" c="dimmed">
            Grades
          </Text>
          <Group gap={6} mt={4}>
            {GRADE_LETTERS.map((letter) => (
              <Badge key={letter} variant="light" size="lg">
                {letter}: {posture.gradeDistribution[letter]}
              </Badge>
            ))}
          </Group>
        </Card>
      </SimpleGrid>
      {posture.topThirdParties.length > 0 && (
        <Text size="sm" data-testid="posture-top-third-parties">
          Top third parties:{' '}
          {posture.topThirdParties.map((party) => `${party.name} (${plural(party.vendorCount, 'vendor')})`).join(', ')}
        </Text>
      )}
    </Stack>
  );
}
