import { Button } from '@mantine/core';
import { IconPlayerStop } from '@tabler/icons-react';
import { useCancelCrawlJob } from '../api/cancel-crawl-job';

/** Cancels a queued or running job; the hook announces the outcome. */
export function CancelCrawlJobButton({ jobId }: { jobId: string }) {
  const cancel = useCancelCrawlJob();
  return (
    <Button
      color="red"
      variant="light"
      size="xs"
      leftSection={<IconPlayerStop size={16} />}
      onClick={() => cancel.mutate({ jobId })}
      loading={cancel.isPending}
      data-testid="cancel-crawl-job"
    >
      Cancel
    </Button>
  );
}
