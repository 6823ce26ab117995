import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import {
  DEFAULT_CRAWL_RUN_SETTINGS,
  formatMessage,
  MESSAGES,
  rendersInBrowser,
  type CrawlMethod,
  type CrawlRunSettings,
  type Vendor,
} from '@vendorwatch/contracts';
import { useState, type ReactNode } from 'react';
import { CrawlMethodPicker } from '@/components/crawl/crawl-method-picker';
import { PuppeteerSettingsFields } from '@/components/crawl/puppeteer-settings-fields';
import { isApiError } from '@/lib/api-error';
import { errorReason } from '@/lib/notify';

export interface StartCrawlRequest {
  vendor: Vendor;
  method: CrawlMethod;
  settings: CrawlRunSettings;
}

/** Starts the crawl; resolves when it was accepted, rejects with the reason to show in the dialog. */
export type StartCrawlHandler = (request: StartCrawlRequest) => Promise<unknown>;

interface CrawlVendorDialogProps {
  vendor: Vendor | null;
  opened: boolean;
  onClose: () => void;
  /** Supplied by the screen that owns crawl jobs; without it, Start Crawl stays disabled. */
  onStart?: StartCrawlHandler;
  /** Under the API method: whether an API key is configured (the screen knows the configurations). */
  apiNotice?: ReactNode;
}

interface StartError {
  /** 'HTTP error! status: {code}' when the server answered, absent when nothing came back. */
  title?: string;
  message: string;
}

const toStartError = (reason: unknown): StartError =>
  isApiError(reason) && reason.status > 0
    ? { title: formatMessage.httpError(reason.status), message: reason.message }
    : { message: errorReason(reason) };

export function CrawlVendorDialog({ vendor, opened, onClose, onStart, apiNotice }: CrawlVendorDialogProps) {
  const [method, setMethod] = useState<CrawlMethod>('puppeteer');
  const [settings, setSettings] = useState<CrawlRunSettings>({ ...DEFAULT_CRAWL_RUN_SETTINGS });
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<StartError | null>(null);

  const reset = () => {
    setError(null);
    setMethod('puppeteer');
    setSettings({ ...DEFAULT_CRAWL_RUN_SETTINGS });
  };

  const close = () => {
    if (starting) return;
    reset();
    onClose();
  };

  const start = async () => {
    if (!vendor || !onStart) return;
    setStarting(true);
    setError(null);
    try {
      await onStart({ vendor, method, settings });
      setStarting(false);
      reset();
      onClose();
    } catch (reason) {
      setStarting(false);
      setError(toStartError(reason));
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Configure Crawl" centered size="lg">
      <Stack>
        <Text size="sm">
          Vendor: <strong>{vendor?.name}</strong>
        </Text>
        {/* Saved without a URL (the specification allows it): say so now rather than after a refused start. */}
        {vendor && !vendor.url?.trim() && (
          <Alert color="yellow" data-testid="crawl-no-address">
            {MESSAGES.crawls.noWebsiteAddress}
          </Alert>
        )}
        <CrawlMethodPicker value={method} onChange={setMethod} disabled={starting} apiNotice={apiNotice} />
        {rendersInBrowser(method) && <PuppeteerSettingsFields value={settings} onChange={setSettings} disabled={starting} />}
        {error && (
          <Alert color="red" title={error.title} data-testid="crawl-error">
            {error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={starting}>
            Cancel
          </Button>
          <Button onClick={() => void start()} disabled={!onStart || starting || !vendor?.url?.trim()} data-testid="start-crawl">
            {starting ? 'Starting...' : 'Start Crawl'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
