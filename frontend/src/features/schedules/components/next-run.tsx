import { Text } from '@mantine/core';

interface NextRunProps {
  nextRunAt: string | null;
  paused: boolean;
  /** Off: the vendor has no schedule. */
  scheduled: boolean;
}

/** "Next run" of a vendor: its time (in this browser's zone), Paused, or a dash when not scheduled. */
export function NextRun({ nextRunAt, paused, scheduled }: NextRunProps) {
  if (!scheduled)
    return (
      <Text size="sm" c="dimmed" data-testid="next-run">
        —
      </Text>
    );
  if (paused)
    return (
      <Text size="sm" c="yellow.8" data-testid="next-run">
        Paused
      </Text>
    );
  return (
    <Text size="sm" data-testid="next-run">
      {nextRunAt ? new Date(nextRunAt).toLocaleString() : '—'}
    </Text>
  );
}
