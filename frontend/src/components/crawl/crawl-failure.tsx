import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconEdit, IconRefresh } from '@tabler/icons-react';
import { crawlFailureCallsForAddressEdit, explainCrawlFailure } from '@vendorwatch/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';

interface CrawlFailureProps {
  /** The crawl's stored (technical) reason. */
  error: string | null;
  /** Starts the same crawl again; without it there is no Retry. */
  onRetry?: () => Promise<unknown>;
  /** Where the vendor's address is edited: offered beside Retry when the address is what failed (host not found, TLS refused). */
  editAddressHref?: string;
  testId?: string;
}

/**
 * Why a crawl failed (the crawl job page, the dashboard, the crawler page), in words a non-specialist can act on ("The site could not be reached: host not
 * found"), the technical message one click behind it for whoever debugs it, and Retry.
 */
export function CrawlFailure({ error, onRetry, editAddressHref, testId = 'crawl-job-failure' }: CrawlFailureProps) {
  const { summary, detail } = explainCrawlFailure(error);
  const [retrying, setRetrying] = useState(false);
  const retry = async () => {
    if (!onRetry) return;
    setRetrying(true);
    try {
      await onRetry();
    } finally {
      setRetrying(false);
    }
  };
  return (
    <Alert color="red" title={summary} data-testid={testId}>
      <Stack gap="xs">
        {detail && (
          <Text component="details" size="sm">
            <Text component="summary" size="sm" style={{ cursor: 'pointer' }}>
              Technical detail
            </Text>
            <Code block mt={4} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid={`${testId}-detail`}>
              {detail}
            </Code>
          </Text>
        )}
        {(onRetry || editAddressHref) && (
          <Group gap="xs">
            {onRetry && (
              <Button
                size="xs"
                color="red"
                variant="light"
                leftSection={<IconRefresh size={14} />}
                onClick={() => void retry()}
                loading={retrying}
              >
                Retry
              </Button>
            )}
            {editAddressHref && crawlFailureCallsForAddressEdit(error) && (
              <Button
                component={Link}
                to={editAddressHref}
                size="xs"
                variant="default"
                leftSection={<IconEdit size={14} />}
                data-testid="crawl-failure-edit-address"
              >
                Edit address
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
