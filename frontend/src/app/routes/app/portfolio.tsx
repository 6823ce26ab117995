import { Grid, Stack, Title } from '@mantine/core';
import { ContentLayout } from '@/components/layouts/content-layout';
import { Portfolio } from '@/features/inventories/components/portfolio';
import { PortfolioVendors } from '@/features/inventories/components/portfolio-vendors';

/** The vendors with their grades beside the third parties they share visitors with (one column on a phone). */
export default function PortfolioRoute() {
  return (
    <ContentLayout title="Portfolio">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <PortfolioVendors />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="sm">
            <Title order={3} size="h5">
              Third parties
            </Title>
            <Portfolio />
          </Stack>
        </Grid.Col>
      </Grid>
    </ContentLayout>
  );
}
