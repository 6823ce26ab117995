/**
 * The ceilings' crawl, shared by the bare HTTP and bare browser peers: one in-memory frontier of
 * same-origin links, `concurrency` loops, one stored row per page — no queue, no retries, no
 * politeness. `openLoop()` gives each loop what it fetches with: `{ visit(url) → { status, facts }, close() }`.
 */
export async function crawlFrontier({ run, startUrls, concurrency, store, openLoop }) {
  const seen = new Set(startUrls);
  const frontier = [...startUrls];
  let active = 0;
  let pages = 0;
  let failures = 0;
  let lastError = null;
  let waiting = [];
  const wake = () => {
    const woken = waiting;
    waiting = [];
    for (const resolve of woken) resolve();
  };

  async function loop() {
    const fetcher = await openLoop();
    try {
      for (;;) {
        const url = frontier.shift();
        if (url === undefined) {
          if (active === 0) return wake();
          await new Promise((resolve) => waiting.push(resolve));
          continue;
        }
        active++;
        try {
          const { status, facts } = await fetcher.visit(url);
          const origin = `${new URL(url).origin}/`;
          for (const link of facts.links) {
            if (link.startsWith(origin) && !seen.has(link)) {
              seen.add(link);
              frontier.push(link);
            }
          }
          await store.insert(run, { url, status, title: facts.title, description: facts.description, links: facts.links.length });
          pages++;
        } catch (error) {
          failures++;
          lastError = error;
        } finally {
          active--;
          wake();
        }
      }
    } finally {
      await fetcher.close?.();
    }
  }

  const startedAt = performance.timeOrigin + performance.now();
  await Promise.all(Array.from({ length: concurrency }, loop));
  const endedAt = performance.timeOrigin + performance.now();
  return { pages, failures, lastError: lastError && String(lastError.stack ?? lastError), startedAt, endedAt };
}
