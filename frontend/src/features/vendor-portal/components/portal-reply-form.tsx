import { Alert, Button, Radio, Stack, Group, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useReplyToCheck } from '../api/reply-to-check';
import { LIMITS, type VendorReplyStatus } from '@vendorwatch/contracts';

const CHOICES: { value: VendorReplyStatus; label: string }[] = [
  { value: 'fixed', label: 'Fixed' },
  { value: 'compensating_control', label: 'Compensating control' },
  { value: 'disputed', label: 'Disputed' },
];

/** The vendor's answer on one check: fixed, a compensating control, or disputed, with a comment. */
export function PortalReplyForm({ token, checkId }: { token: string; checkId: string }) {
  const reply = useReplyToCheck();
  const [status, setStatus] = useState<VendorReplyStatus | ''>('');
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!status) return setProblem('Choose fixed, compensating control or disputed');
    if (!comment.trim()) return setProblem('Add a comment: what was done, or why');
    setProblem(null);
    reply.mutate(
      { token, checkId, status, comment: comment.trim() },
      {
        onSuccess: () => {
          setStatus('');
          setComment('');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="portal-reply-form">
      <Stack gap="xs">
        <Radio.Group label="Your answer" value={status} onChange={(value) => setStatus(value as VendorReplyStatus)}>
          <Group gap="md" mt={4}>
            {CHOICES.map((choice) => (
              <Radio key={choice.value} value={choice.value} label={choice.label} />
            ))}
          </Group>
        </Radio.Group>
        <Textarea
          label="Comment"
          autosize
          minRows={2}
          maxLength={LIMITS.remediation.commentMaxLength}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
        />
        {(problem ?? reply.error) && (
          <Alert color="red" data-testid="portal-reply-error">
            {problem ?? reply.error?.message}
          </Alert>
        )}
        {reply.isSuccess && !problem && (
          <Alert color="green" data-testid="portal-reply-sent">
            Thank you: your answer was sent to the team that asked.
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={reply.isPending} data-testid="portal-reply-submit">
            Send answer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
