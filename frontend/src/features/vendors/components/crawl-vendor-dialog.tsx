import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { MESSAGES, type CrawlMethod, type Vendor } from '@vendorwatch/contracts';
import { useState } from 'react';
import { CRAWL_METHOD_OPTIONS, isCrawlMethod } from './crawl-method';

export interface StartCrawlRequest {
  vendor: Vendor;
  method: CrawlMethod;
}

/** Starts the crawl; resolves when it was accepted, rejects with the reason to show in the dialog. */
export type StartCrawlHandler = (request: StartCrawlRequest) => Promise<unknown>;

interface CrawlVendorDialogProps {
  vendor: Vendor | null;
  opened: boolean;
  onClose: () => void;
  /**
   * TODO(crawl-jobs): not wired yet — the crawl-jobs feature passes its start-crawl mutation here
   * (and the Puppeteer settings panel). Without it, Start Crawl stays disabled.
   */
  onStart?: StartCrawlHandler;
}

export function CrawlVendorDialog({ vendor, opened, onClose, onStart }: CrawlVendorDialogProps) {
  const [method, setMethod] = useState<CrawlMethod>('puppeteer');
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (starting) return;
    setError(null);
    setMethod('puppeteer');
    onClose();
  };

  const start = async () => {
    if (!vendor || !onStart) return;
    setStarting(true);
    setError(null);
    try {
      await onStart({ vendor, method });
      setStarting(false);
      onClose();
    } catch (reason) {
      setStarting(false);
      setError(reason instanceof Error && reason.message ? reason.message : MESSAGES.generic.unexpected);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Configure Crawl" centered>
      <Stack>
        <Text size="sm">
          Vendor: <strong>{vendor?.name}</strong>
        </Text>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Method
          </Text>
          <SegmentedControl
            fullWidth
            aria-label="Crawl method"
            data={CRAWL_METHOD_OPTIONS}
            value={method}
            onChange={(value) => isCrawlMethod(value) && setMethod(value)}
            disabled={starting}
          />
        </Stack>
        {error && (
          <Alert color="red" data-testid="crawl-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={starting}>
            Cancel
          </Button>
          <Button onClick={() => void start()} disabled={!onStart || starting} data-testid="start-crawl">
            {starting ? 'Starting...' : 'Start Crawl'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
