import { SegmentedControl, Stack, Text } from '@mantine/core';
import type { CrawlMethod } from '@vendorwatch/contracts';
import { useId, type ReactNode } from 'react';
import { CRAWL_METHOD_DESCRIPTIONS, CRAWL_METHOD_OPTIONS, isCrawlMethod } from './crawl-method';

interface CrawlMethodPickerProps {
  value: CrawlMethod;
  onChange: (method: CrawlMethod) => void;
  disabled?: boolean;
  /**
   * Shown while the API method is chosen: whether an API key is configured, from the screen (which
   * knows the crawler configurations), so the user learns it before Start.
   */
  apiNotice?: ReactNode;
}

/** Puppeteer / API / HTTP / Adaptive, with a line on what the chosen one is for. */
export function CrawlMethodPicker({ value, onChange, disabled, apiNotice }: CrawlMethodPickerProps) {
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        Method
      </Text>
      <SegmentedControl
        fullWidth
        aria-labelledby={labelId}
        data={CRAWL_METHOD_OPTIONS}
        value={value}
        onChange={(next) => isCrawlMethod(next) && onChange(next)}
        disabled={disabled}
      />
      <Text size="xs" c="dimmed" data-testid="crawl-method-description">
        {CRAWL_METHOD_DESCRIPTIONS[value]}
      </Text>
      {value === 'api' && apiNotice}
    </Stack>
  );
}
