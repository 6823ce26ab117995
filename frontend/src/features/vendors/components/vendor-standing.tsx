import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { VendorListItem } from '@vendorwatch/contracts';
import { Link } from 'react-router-dom';
import { ComplianceLabelBadge, ComplianceRate } from '@/components/compliance/compliance-badges';
import { paths } from '@/config/paths';
import { VulnerableLibraries } from './vendor-row';

const GRADE_COLOURS = { A: 'green', B: 'teal', C: 'yellow', D: 'orange', F: 'red' } as const;

/** What the vendor page opens with: the current grade, compliance rate and label, and when it was last assessed. */
export function VendorStanding({ vendor }: { vendor: VendorListItem }) {
  if (!vendor.compliance || !vendor.lastAssessedAt) {
    return (
      <Card withBorder radius="md" padding="md" data-testid="vendor-standing">
        <Text size="sm" c="dimmed">
          Not assessed yet: a completed crawl gives the vendor its grade and compliance rate.
        </Text>
      </Card>
    );
  }
  return (
    <Card withBorder radius="md" padding="md" data-testid="vendor-standing">
      <Group gap="xl" wrap="wrap" align="center">
        <Group gap="sm" wrap="nowrap">
          <Badge
            size="xl"
            h={48}
            w={48}
            px={0}
            radius="md"
            variant="filled"
            color={vendor.grade ? GRADE_COLOURS[vendor.grade] : 'gray'}
            aria-label={`Grade ${vendor.grade ?? 'not graded'}`}
            data-testid="vendor-standing-grade"
            styles={{ label: { fontSize: 26, overflow: 'visible' } }}
          >
            {vendor.grade ?? '–'}
          </Badge>
          <Stack gap={0}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Grade
            </Text>
            <Anchor component={Link} to={paths.app.methodology.getHref()} size="xs">
              How grades are computed
            </Anchor>
          </Stack>
        </Group>
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Compliance
          </Text>
          <Group gap="xs" wrap="nowrap">
            <ComplianceRate rate={vendor.compliance.rate} size="lg" data-testid="vendor-standing-rate" />
            <ComplianceLabelBadge rate={vendor.compliance.rate} label={vendor.compliance.label} />
          </Group>
        </Stack>
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Vulnerable libraries
          </Text>
          <VulnerableLibraries count={vendor.vulnerableLibraries} />
        </Stack>
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Last assessed
          </Text>
          <Group gap="xs">
            <Text size="sm" data-testid="vendor-standing-assessed">
              {new Date(vendor.lastAssessedAt).toLocaleString()}
            </Text>
            <Anchor component={Link} to={paths.app.report.getHref(vendor.compliance.reportId)} size="sm">
              View report
            </Anchor>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
