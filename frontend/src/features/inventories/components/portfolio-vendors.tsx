import { Alert, Anchor, Badge, Card, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { plural, type VendorInventorySummary } from '@vendorwatch/contracts';
import { Link } from 'react-router-dom';
import { UNCUT_BADGE } from '@/components/compliance/compliance-badges';
import { SectionLoader } from '@/components/ui/section-loader';
import { paths } from '@/config/paths';
import { usePortfolioVendors } from '../api/get-portfolio-vendors';

const GRADE_COLOURS = { A: 'green', B: 'teal', C: 'yellow', D: 'orange', F: 'red' } as const;
/** Worst first: the vendors an analyst looks at first. Ungraded after F. */
const GRADE_ORDER = ['F', 'D', 'C', 'B', 'A'];
const rank = (vendor: VendorInventorySummary) => {
  const index = GRADE_ORDER.indexOf(vendor.overallGrade.letter ?? '');
  return index === -1 ? GRADE_ORDER.length : index;
};

/** The assessed vendors with their grades, worst first, beside the third parties they share visitors with. */
export function PortfolioVendors() {
  const vendors = usePortfolioVendors();
  return (
    <Card withBorder radius="md" padding="md" data-testid="portfolio-vendors">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5">
            Vendors by grade
          </Title>
          <Anchor component={Link} to={paths.app.vendors.getHref({ sort: 'grade', order: 'desc' })} size="sm">
            Open in the vendors list
          </Anchor>
        </Group>
        {vendors.isPending ? (
          <SectionLoader label="Loading vendors" />
        ) : vendors.isError ? (
          <Alert color="red">{vendors.error.message}</Alert>
        ) : vendors.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No vendor has an assessed crawl yet.
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {plural(vendors.data.length, 'vendor')} with an assessed crawl
            </Text>
            <ScrollArea.Autosize mah={640} type="auto">
              <Stack gap={6}>
                {[...vendors.data]
                  .sort((a, b) => rank(a) - rank(b) || a.vendorName.localeCompare(b.vendorName))
                  .map((vendor) => (
                    <PortfolioVendor key={vendor.vendorId} vendor={vendor} />
                  ))}
              </Stack>
            </ScrollArea.Autosize>
          </>
        )}
      </Stack>
    </Card>
  );
}

function PortfolioVendor({ vendor }: { vendor: VendorInventorySummary }) {
  const letter = vendor.overallGrade.letter;
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="portfolio-vendor">
      <Badge
        color={letter ? GRADE_COLOURS[letter] : 'gray'}
        variant="filled"
        size="lg"
        w={34}
        px={0}
        styles={UNCUT_BADGE}
        aria-label={`${vendor.vendorName}: grade ${letter ?? 'not graded'}`}
      >
        {letter ?? '–'}
      </Badge>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Anchor component={Link} to={paths.app.vendor.getHref(vendor.vendorId)} fw={500} size="sm" truncate="end">
          {vendor.vendorName}
        </Anchor>
        <Text size="xs" c={vendor.vulnerableLibraries ? 'red.7' : 'dimmed'}>
          {vendor.vulnerableLibraries
            ? plural(vendor.vulnerableLibraries, 'vulnerable library', 'vulnerable libraries')
            : 'No vulnerable library'}
        </Text>
        {vendor.topThirdParties.length > 0 && (
          <Text size="xs" c="dimmed" lineClamp={1} title={vendor.topThirdParties.join(', ')}>
            {vendor.topThirdParties.join(', ')}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
