import { Button, Card, List, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** What an empty dashboard says: add your first vendor, and how a report follows from it. */
export function FirstVendorPrompt() {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="first-vendor-title" data-testid="first-vendor">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3" id="first-vendor-title">
          Add your first vendor
        </Title>
        <Text size="sm">Vendorwatch checks your vendors’ websites for you. To get the first compliance report:</Text>
        <List type="ordered" size="sm" spacing={4}>
          <List.Item>On Vendors, add the vendor with its name and its website’s address (acme.com is enough).</List.Item>
          <List.Item>Start a crawl of it: its progress shows live.</List.Item>
          <List.Item>When the crawl completes, its compliance report appears here and under Reports.</List.Item>
        </List>
        <Button
          component={Link}
          to={paths.app.vendors.getHref()}
          leftSection={<IconPlus size={16} />}
          data-testid="add-first-vendor"
        >
          Add a vendor
        </Button>
      </Stack>
    </Card>
  );
}
