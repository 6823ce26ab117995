import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { MESSAGES, type CreatedApiKey } from '@vendorwatch/contracts';

/** The new key's secret, this once: copied now or never seen again (only its hash is kept). */
export function CreatedApiKeyModal({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  return (
    <Modal
      opened={created !== null}
      onClose={onClose}
      title={created ? `API key ${created.name}` : 'API key'}
      closeOnClickOutside={false}
      size="lg"
    >
      {created && (
        <Stack>
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="api-key-shown-once">
            {MESSAGES.apiKeys.shownOnce}
          </Alert>
          <Code block data-testid="api-key-secret" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {created.key}
          </Code>
          <Text size="sm" c="dimmed">
            Send it as <Code>Authorization: Bearer …</Code> to any /api route its role ({created.role}) allows.
          </Text>
          <Group justify="flex-end">
            <CopyButton value={created.key}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  color={copied ? 'teal' : 'blue'}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                  data-testid="api-key-copy"
                >
                  {copied ? 'Copied' : 'Copy key'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose} data-testid="api-key-done">
              Done
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
