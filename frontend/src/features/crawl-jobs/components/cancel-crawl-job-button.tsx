import { Button } from '@mantine/core';
import { IconPlayerStop } from '@tabler/icons-react';
import { useCancelCrawlJob } from '../api/cancel-crawl-job';
import { useCan } from '@/lib/workspace';

/** Cancels a queued or running job; the hook announces the outcome. Not there for a role that may not. */
export function CancelCrawlJobButton({ jobId }: { jobId: string }) {
  const cancel = useCancelCrawlJob();
  const allowed = useCan('crawls.run');
  if (!allowed) return null;
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
