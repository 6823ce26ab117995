import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { DOCUMENT_TYPE_LABELS, type VendorDocumentStatus } from '@vendorwatch/contracts';
import { useDownloadVendorDocument, useVendorDocuments } from '../api/get-vendor-documents';

const STATUS: Record<VendorDocumentStatus, { label: string; color: string }> = {
  valid: { label: 'Valid', color: 'green' },
  expiring: { label: 'Expiring', color: 'yellow' },
  expired: { label: 'Expired', color: 'red' },
};

/** The documents the vendor uploaded through its links, with the date each is valid until and its status today. */
export function VendorDocumentsCard({ vendorId }: { vendorId: string }) {
  const documents = useVendorDocuments({ vendorId });
  const download = useDownloadVendorDocument();
  const items = documents.data?.items ?? [];
  return (
    <Card withBorder radius="md" padding="md" data-testid="vendor-documents">
      <Stack gap="sm">
        <Text fw={600}>Documents</Text>
        {items.length === 0 && (
          <Text size="sm" c="dimmed">
            No document uploaded yet: the vendor uploads them with a questionnaire.
          </Text>
        )}
        {items.map((item) => (
          <Group key={item.id} justify="space-between" gap="xs" data-testid="vendor-document" data-status={item.status}>
            <Stack gap={0} style={{ minWidth: 0, flex: '1 1 200px' }}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {DOCUMENT_TYPE_LABELS[item.type]}: {item.name}
              </Text>
              <Text size="xs" c="dimmed">
                Valid until {item.validUntil} · SHA-256 {item.sha256.slice(0, 12)}…
              </Text>
            </Stack>
            <Group gap={6}>
              <Badge color={STATUS[item.status].color} variant="light">
                {STATUS[item.status].label}
              </Badge>
              <Button
                size="compact-xs"
                variant="subtle"
                leftSection={<IconDownload size={12} />}
                onClick={() => download.mutate({ vendorId, documentId: item.id, name: item.name })}
              >
                Download
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
