import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@vendorwatch/contracts';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { ConnectionTestPanel } from './connection-test-panel';
import { ScrapePanel } from './scrape-panel';

/** The scraping-API proxy test page: a connection check and a one-URL scrape with the active configuration. */
export function ScrapingTest() {
  const user = useUser();
  // The protected layout already requires sign-in; this keeps the page honest if it is ever mounted outside it.
  if (!user) {
    return (
      <Alert color="yellow" title={MESSAGES.auth.authenticationRequired} data-testid="scraping-test-login-needed">
        <Text size="sm">
          Please{' '}
          <Anchor component={Link} to={paths.auth.login.getHref()}>
            log in
          </Anchor>{' '}
          to test the scraping API.
        </Text>
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <ConnectionTestPanel />
      <ScrapePanel />
    </Stack>
  );
}
