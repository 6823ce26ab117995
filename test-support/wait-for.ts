/**
 * Waits on a condition, never on a fixed sleep: polls `probe` until it returns something truthy
 * (which it resolves to) or the deadline passes (which names what was awaited).
 */
export async function waitFor<T>(
  probe: () => Promise<T | undefined | null | false>,
  { timeoutMs = 60_000, what = 'condition', intervalMs = 50 }: { timeoutMs?: number; what?: string; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
