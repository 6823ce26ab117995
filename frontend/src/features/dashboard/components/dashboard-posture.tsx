import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { GRADE_LETTERS, plural, type DashboardPosture as Posture } from '@vendorwatch/contracts';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useDashboardPosture } from '../api/get-dashboard-posture';

/** Across the vendors: whose mail can be spoofed, certificates expiring soon, grades, vulnerable libraries, top third parties. */
export function DashboardPosture() {
  const posture = useDashboardPosture();
  if (!posture.data || posture.data.vendorsAssessed === 0) return null;
  return <PostureTiles posture={posture.data} />;
}

function Tile({
  label,
  value,
  detail,
  testId,
  to,
}: {
  label: string;
  value: string | number;
  detail?: string;
  testId: string;
  /** Where the tile leads (the vendors list sorted or filtered by what it counts). */
  to?: string;
}) {
  const content = (
    <>
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
    </>
  );
  return to ? (
    <Card
      withBorder
      padding="md"
      data-testid={testId}
      component={Link}
      to={to}
      style={{ color: 'inherit', textDecoration: 'none' }}
    >
      {content}
    </Card>
  ) : (
    <Card withBorder padding="md" data-testid={testId}>
      {content}
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
          to={paths.app.vendors.getHref({ sort: 'vulnerableLibraries' })}
        />
        <Card withBorder padding="md" data-testid="posture-grades">
          <Text size="sm" c="dimmed">
            Grades
          </Text>
          <Group gap={6} mt={4}>
            {/* Each count opens the vendors list filtered to that grade. */}
            {GRADE_LETTERS.map((letter) => (
              <Badge
                key={letter}
                component={Link}
                to={paths.app.vendors.getHref({ grade: letter })}
                variant="light"
                size="lg"
                style={{ cursor: 'pointer' }}
                aria-label={`Grade ${letter}: ${plural(posture.gradeDistribution[letter], 'vendor')}`}
                data-testid={`posture-grade-${letter}`}
              >
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
