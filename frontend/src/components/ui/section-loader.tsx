import { Center, Loader } from '@mantine/core';

/** Spinner for a part of a screen whose data is still loading. */
export function SectionLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center py="xl">
      <Loader size="sm" aria-label={label} />
    </Center>
  );
}
