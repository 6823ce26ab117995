import { Alert, FileButton, Button, Group, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { useUploadAttachment } from '../api/upload-attachment';
import type { UploadedAttachment } from '@vendorwatch/contracts';
import { PORTAL_ATTACHMENT } from '../api/types';

const TOO_LARGE = 'The file is larger than 10 MB: attach a smaller one';

/** Attach evidence to one check (PDF, PNG or JPEG up to 10 MB); a refused file shows the server's reason. */
export function PortalAttachmentUpload({
  token,
  checkId,
  attachments = [],
}: {
  token: string;
  checkId: string;
  attachments?: readonly UploadedAttachment[];
}) {
  const upload = useUploadAttachment();
  const [tooLarge, setTooLarge] = useState(false);

  const pick = (file: File | null) => {
    if (!file) return;
    setTooLarge(file.size > PORTAL_ATTACHMENT.maxBytes);
    if (file.size > PORTAL_ATTACHMENT.maxBytes) return;
    upload.mutate({ token, checkId, file });
  };

  // The list the server returns once it is refreshed, else what this page uploaded.
  const uploaded = attachments.length > 0 ? attachments : upload.data ? [upload.data] : [];
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <FileButton onChange={pick} accept={PORTAL_ATTACHMENT.accept}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="xs"
              leftSection={<IconPaperclip size={14} />}
              loading={upload.isPending}
              data-testid="portal-attach"
            >
              Attach a file
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          PDF, PNG or JPEG, up to 10 MB
        </Text>
      </Group>
      {(tooLarge || upload.isError) && (
        <Alert color="red" data-testid="portal-attach-error">
          {tooLarge ? TOO_LARGE : upload.error?.message}
        </Alert>
      )}
      {uploaded.map((file) => (
        <Text key={file.id} size="sm" data-testid="portal-attachment" style={{ overflowWrap: 'anywhere' }}>
          Attached: {file.name}
        </Text>
      ))}
    </Stack>
  );
}
