/**
 * How long a test waits for a condition (findBy*, waitFor, vi.waitFor): a screen on a 2-core machine
 * busy with the server and browser suites can take seconds to settle, and the libraries' default of
 * 1 s failed CI runs. Testing Library takes it as its default (setup.ts); vitest's `vi.waitFor` has
 * no global setting, so its calls pass `{ timeout: WAIT_MS }` (the lint insists). vitest.config.ts
 * gives each test 30 s, room for a few such waits.
 */
export const WAIT_MS = 10_000;

/** The options `vi.waitFor` takes for a loaded machine's wait. */
export const LOADED_MACHINE = { timeout: WAIT_MS } as const;
