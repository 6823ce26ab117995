import { Center, Loader } from '@mantine/core';

/** Full-screen spinner for app start-up and route loading. */
export function PageLoader() {
  return (
    <Center h="100vh" data-testid="page-loader">
      <Loader aria-label="Loading" />
    </Center>
  );
}
