import { Button, Card, Group, Title } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';

interface InlineFormCardProps {
  /** The card's heading, also the form's accessible name. */
  title: string;
  testId: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submit: { label: string; icon: ReactNode; pending: boolean; testId: string };
  /** The fields, on one line that wraps on a phone; the submit button follows them. */
  children: ReactNode;
  /** Under the line: fields most people leave alone (folded under "Advanced"). */
  below?: ReactNode;
}

/** A titled card holding a one-line form (invite someone, create an API key): fields, then the button. */
export function InlineFormCard({ title, testId, onSubmit, submit, children, below }: InlineFormCardProps) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h4" mb="md">
        {title}
      </Title>
      <form onSubmit={onSubmit} noValidate aria-label={title} data-testid={testId}>
        <Group align="flex-start" wrap="wrap">
          {children}
          <Button
            type="submit"
            // Level with the inputs beside it (below their labels); on a phone the button has a line of its own.
            mt={{ base: 0, xs: 25 }}
            leftSection={submit.icon}
            loading={submit.pending}
            data-testid={submit.testId}
          >
            {submit.label}
          </Button>
        </Group>
        {below}
      </form>
    </Card>
  );
}
