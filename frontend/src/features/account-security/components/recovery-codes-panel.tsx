import { Alert, Button, Code, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { saveFile } from '@/lib/save-file';

/** The recovery codes just issued, shown this once: copied or downloaded, then put away. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join('\n')}\n`;
  return (
    <Alert color="yellow" title="Save your recovery codes" data-testid="recovery-codes">
      <Stack gap="sm">
        <Text size="sm">
          If you lose your phone, each of these codes signs you in once in place of a code from the app. Keep them somewhere safe:
          they are shown only now.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {codes.map((code) => (
            <li key={code}>
              <Code fz="sm">{code}</Code>
            </li>
          ))}
        </SimpleGrid>
        <Group gap="xs">
          <CopyButton value={text}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant="light"
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                onClick={copy}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconDownload size={14} />}
            onClick={() => saveFile(new Blob([text], { type: 'text/plain' }), 'vendorwatch-recovery-codes.txt')}
          >
            Download
          </Button>
          <Button size="xs" onClick={onDone}>
            I have saved them
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
