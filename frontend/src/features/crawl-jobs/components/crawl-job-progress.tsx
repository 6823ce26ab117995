import { Group, Progress, Text } from '@mantine/core';

/** The job's progress bar (role progressbar, `aria-valuenow`) with its percent written out beside it. */
export function CrawlJobProgress({ value, animated, testId }: { value: number; animated: boolean; testId: string }) {
  const percent = Math.round(value);
  return (
    <Group gap="sm" wrap="nowrap">
      <Progress.Root size="lg" style={{ flex: 1 }}>
        <Progress.Section value={percent} animated={animated} aria-label="Crawl progress" data-testid={testId} />
      </Progress.Root>
      <Text size="sm" fw={600} w={48} ta="right" data-testid={`${testId}-percent`}>
        {percent}%
      </Text>
    </Group>
  );
}
