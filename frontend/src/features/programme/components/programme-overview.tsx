import { Alert, Button, Card, List, Stack, Text, Title } from '@mantine/core';
import type { ProgrammeOverview as Overview } from '@vendorwatch/contracts';
import { Link } from 'react-router-dom';
import { SectionLoader } from '@/components/ui/section-loader';
import { paths } from '@/config/paths';
import { useProgrammeOverview } from '../api/get-programme-overview';
import { OverdueBoard } from './overdue-board';
import { TierGradeMatrix } from './tier-grade-matrix';

export const PROGRAMME_OVERVIEW_FAILED = 'The programme overview could not be loaded';

/** The matrix and the board; before any vendor has a tier, first how to start. */
export function ProgrammeOverview() {
  const overview = useProgrammeOverview();
  if (overview.isError && !overview.data)
    return (
      <Alert color="red" title={PROGRAMME_OVERVIEW_FAILED} data-testid="programme-overview-error">
        {overview.error.message}
      </Alert>
    );
  if (!overview.data) return <SectionLoader label="Loading the programme" />;
  return <ProgrammeOverviewView overview={overview.data} />;
}

export function ProgrammeOverviewView({ overview }: { overview: Overview }) {
  const tiered = overview.tiers.reduce((sum, tier) => sum + tier.vendors, 0);
  const vendors = tiered + overview.untiered.vendors;
  return (
    <Stack gap="lg">
      {tiered === 0 && <ProgrammeStart hasVendors={vendors > 0} />}
      {vendors > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="programme-matrix-title">
          <Title order={2} size="h4" id="programme-matrix-title">
            Vendors by tier and grade
          </Title>
          <TierGradeMatrix overview={overview} />
        </Stack>
      )}
      <Stack gap="sm" component="section" aria-labelledby="programme-board-title">
        <Title order={2} size="h4" id="programme-board-title">
          What is due
        </Title>
        <OverdueBoard overview={overview} />
      </Stack>
    </Stack>
  );
}

/** The empty state: how a programme starts (tiers through the intake), or first a vendor. */
function ProgrammeStart({ hasVendors }: { hasVendors: boolean }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="programme-start-title"
      data-testid="programme-start"
    >
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3" id="programme-start-title">
          {hasVendors ? 'Give your vendors a tier' : 'Start your vendor programme'}
        </Title>
        <Text size="sm">
          A vendor’s tier (Critical, High, Medium, Low) sets how often it is reviewed and how long a risk of it may be accepted.
          To start:
        </Text>
        <List type="ordered" size="sm" spacing={4}>
          {!hasVendors && <List.Item>On Vendors, add a vendor and crawl it to get its grades.</List.Item>}
          <List.Item>
            Open a vendor and answer its intake: what data it handles, how critical it is, what access it has.
          </List.Item>
          <List.Item>Keep the suggested tier, or choose another with a reason, and name its owner.</List.Item>
          <List.Item>Record a review: its next review date follows from the tier, and this screen shows what is due.</List.Item>
        </List>
        <Button component={Link} to={paths.app.vendors.getHref()} data-testid="programme-start-vendors">
          {hasVendors ? 'Open the vendors list' : 'Add a vendor'}
        </Button>
      </Stack>
    </Card>
  );
}
