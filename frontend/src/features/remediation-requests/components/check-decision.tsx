import { Button, Group, Stack, Textarea } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { LIMITS } from '@vendorwatch/contracts';
import { useState } from 'react';
import { useDecideRemediationCheck } from '../api/decide-remediation-check';

/** Accept the vendor's reply to one check, or reject it with a note the vendor will read. */
export function CheckDecision({ requestId, checkId, title }: { requestId: string; checkId: string; title: string }) {
  const decide = useDecideRemediationCheck();
  const [rejecting, setRejecting] = useState(false);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);

  const reject = () => {
    if (!note.trim()) return setNoteError('Say why, so the vendor knows what to do next');
    decide.mutate({ requestId, checkId, decision: 'reject', note: note.trim() }, { onSuccess: () => setRejecting(false) });
  };

  if (rejecting)
    return (
      <Stack gap="xs" data-testid="check-reject-form">
        <Textarea
          label="Why the reply is rejected (shown to the vendor)"
          autosize
          minRows={2}
          maxLength={LIMITS.remediation.commentMaxLength}
          value={note}
          error={noteError}
          onChange={(event) => {
            setNote(event.currentTarget.value);
            setNoteError(null);
          }}
        />
        <Group gap="xs">
          <Button size="xs" color="red" loading={decide.isPending} onClick={reject} data-testid="check-reject-confirm">
            Reject reply
          </Button>
          <Button size="xs" variant="default" onClick={() => setRejecting(false)}>
            Back
          </Button>
        </Group>
      </Stack>
    );
  return (
    <Group gap="xs">
      <Button
        size="xs"
        color="green"
        leftSection={<IconCheck size={14} />}
        loading={decide.isPending}
        onClick={() => decide.mutate({ requestId, checkId, decision: 'accept' })}
        aria-label={`Accept the reply on ${title}`}
        data-testid="check-accept"
      >
        Accept
      </Button>
      <Button
        size="xs"
        color="red"
        variant="light"
        leftSection={<IconX size={14} />}
        onClick={() => setRejecting(true)}
        aria-label={`Reject the reply on ${title}`}
        data-testid="check-reject"
      >
        Reject
      </Button>
    </Group>
  );
}
