import { vi } from 'vitest';

/** A 390 px wide screen: every max-width query below the tablet breakpoint matches (restored with the test's mocks). */
export const mockPhoneScreen = () =>
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as never,
  );
