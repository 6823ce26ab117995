import { em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the screen is phone-sized (below Mantine's `sm` breakpoint, 48em): tables then become
 * cards. Read at the first render, so a phone never lays the table out first.
 */
export function usePhoneLayout(): boolean {
  return useMediaQuery(`(max-width: ${em(767.98)})`, undefined, { getInitialValueInEffect: false });
}
