import { Alert, Button, Center, Stack } from '@mantine/core';
import { MESSAGES } from '@vendorwatch/contracts';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/** Last line of defence for render errors and failed lazy-route loads (e.g. after a redeploy). */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : MESSAGES.generic.unexpected;
  return (
    <Center mih="50vh" p="md">
      <Stack maw={480}>
        <Alert color="red" title="Something went wrong">
          {message}
        </Alert>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      </Stack>
    </Center>
  );
}
