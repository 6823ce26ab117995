import { ActionIcon, Alert, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ConnectionTestResult as Result } from '@vendorwatch/contracts';

/** The outcome of Test Connection: the provider's answer, its credits and the URL that was called. */
export function ConnectionTestResult({ result }: { result: Result }) {
  return (
    <Alert color={result.success ? 'green' : 'red'} title={result.message} data-testid="connection-test-result">
      <Stack gap="xs">
        {result.credits && (
          <Text size="sm" data-testid="connection-test-credits">
            Credits: {result.credits.remaining} remaining of {result.credits.max} ({result.credits.used} used)
          </Text>
        )}
        <TestUrl label="Encoded test URL" value={result.testUrl.encoded} />
        <TestUrl label="Decoded test URL" value={result.testUrl.decoded} />
      </Stack>
    </Alert>
  );
}

function TestUrl({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Code block style={{ flex: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={`Copy ${label.toLowerCase()}`}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
