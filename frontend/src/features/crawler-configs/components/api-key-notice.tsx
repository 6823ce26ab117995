import { Alert, Anchor, Text } from '@mantine/core';
import { MESSAGES } from '@vendorwatch/contracts';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useCrawlerConfigs } from '../api/get-crawler-configs';

/**
 * Under the API method: which configuration's key a crawl would use, or — before Start, not after —
 * that none is active, with the way to Settings.
 */
export function ApiKeyNotice() {
  const configs = useCrawlerConfigs();
  if (!configs.data) return null;
  const active = configs.data.find((config) => config.isActive);
  if (active) {
    return (
      <Text size="xs" c="dimmed" data-testid="api-key-configured">
        Uses the active configuration {active.name} (key {active.apiKeyMasked}).
      </Text>
    );
  }
  return (
    <Alert color="yellow" title={MESSAGES.crawls.apiKeyRequiredForApiMethod} data-testid="api-key-missing">
      {MESSAGES.crawls.addApiKeyInSettings}{' '}
      <Anchor component={Link} to={paths.app.settings.getHref()} size="sm">
        Open Settings
      </Anchor>
    </Alert>
  );
}
