import { Alert, Badge, Button, Card, FileInput, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import {
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_TYPES,
  type PortalQuestionnairePage,
  type VendorDocumentType,
} from '@vendorwatch/contracts';
import { useState } from 'react';
import { useUploadDocument } from '../api/questionnaire';
import { PORTAL_ATTACHMENT } from '../api/types';

/** Documents the team asked for (a SOC 2 report, certificates …): each with its type and the date it is valid until. */
export function PortalDocuments({ token, documents }: { token: string; documents: PortalQuestionnairePage['documents'] }) {
  const upload = useUploadDocument();
  const [type, setType] = useState<VendorDocumentType>('soc2_report');
  const [validUntil, setValidUntil] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const tooLarge = file !== null && file.size > PORTAL_ATTACHMENT.maxBytes;
  return (
    <Card withBorder radius="md" padding="md" data-testid="portal-documents">
      <Stack gap="sm">
        <Text fw={600}>Documents</Text>
        <Text size="sm" c="dimmed">
          Upload reports, certificates and policies as PDF, PNG or JPEG (up to 10 MB), with the date each is valid until.
        </Text>
        <Select
          label="Type"
          data={DOCUMENT_TYPES.map((value) => ({ value, label: DOCUMENT_TYPE_LABELS[value] }))}
          value={type}
          allowDeselect={false}
          onChange={(value) => value && setType(value as VendorDocumentType)}
          comboboxProps={{ withinPortal: false }}
        />
        <TextInput
          label="Valid until"
          type="date"
          value={validUntil}
          onChange={(event) => setValidUntil(event.currentTarget.value)}
        />
        <FileInput
          label="File"
          accept={PORTAL_ATTACHMENT.accept}
          value={file}
          onChange={setFile}
          placeholder="Choose a file"
          clearable
        />
        <Group justify="flex-end">
          <Button
            leftSection={<IconUpload size={16} />}
            disabled={!file || !validUntil || tooLarge}
            loading={upload.isPending}
            onClick={() => file && upload.mutate({ token, type, validUntil, file }, { onSuccess: () => setFile(null) })}
            data-testid="portal-upload-document"
          >
            Upload
          </Button>
        </Group>
        {(tooLarge || upload.isError) && (
          <Alert color="red">{tooLarge ? 'The file is larger than 10 MB: upload a smaller one' : upload.error?.message}</Alert>
        )}
        {documents.map((document) => (
          <Group key={document.id} justify="space-between" gap="xs" data-testid="portal-document">
            <Text size="sm" style={{ overflowWrap: 'anywhere', flex: '1 1 200px' }}>
              {DOCUMENT_TYPE_LABELS[document.type]}: {document.name}
            </Text>
            <Badge
              variant="light"
              color={document.status === 'valid' ? 'green' : document.status === 'expiring' ? 'yellow' : 'red'}
            >
              valid until {document.validUntil}
            </Badge>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
