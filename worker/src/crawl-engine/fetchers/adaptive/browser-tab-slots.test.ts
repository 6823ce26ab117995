import { CrawlAbortedError } from '../../primitives/abort';
import { BrowserTabSlots } from './browser-tab-slots';

/** A piece of work that ends when the test says so. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => done, finish };
}

describe('BrowserTabSlots', () => {
  it('lets at most `max` readings hold a tab, the next in the order they asked', async () => {
    const slots = new BrowserTabSlots(2);
    const signal = new AbortController().signal;
    const [a, b, c, d] = [held(), held(), held(), held()];
    const started: string[] = [];
    const run = (name: string, piece: ReturnType<typeof held>) =>
      slots.use(signal, () => {
        started.push(name);
        return piece.work();
      });
    const runs = [run('a', a), run('b', b), run('c', c), run('d', d)];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a', 'b']);
    expect(slots.inUse).toBe(2);

    b.finish();
    await runs[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a', 'b', 'c']);
    expect(slots.inUse).toBe(2);

    a.finish();
    c.finish();
    d.finish();
    await Promise.all(runs);
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    expect(slots.inUse).toBe(0);
  });

  it('gives up waiting when the crawl is cancelled, and gives the slot back when the work fails', async () => {
    const slots = new BrowserTabSlots(1);
    const first = held();
    const holding = slots.use(new AbortController().signal, first.work);
    const cancel = new AbortController();
    const waiting = slots.use(cancel.signal, () => Promise.resolve('never'));
    cancel.abort('cancel');
    await expect(waiting).rejects.toBeInstanceOf(CrawlAbortedError);
    first.finish();
    await holding;
    expect(slots.inUse).toBe(0);

    await expect(slots.use(new AbortController().signal, () => Promise.reject(new Error('Chromium crashed')))).rejects.toThrow(
      'Chromium crashed',
    );
    expect(slots.inUse).toBe(0);
    await expect(slots.use(new AbortController().signal, () => Promise.resolve('next'))).resolves.toBe('next');
  });

  it('gives as many crawls as slots an allowance to keep a tab between readings, and counts kept tabs as in use', () => {
    const slots = new BrowserTabSlots(2);
    expect([slots.keep(), slots.keep(), slots.keep()]).toEqual([true, true, false]);
    expect(slots.inUse).toBe(2);
    slots.unkeep();
    expect(slots.inUse).toBe(1);
    expect(slots.keep()).toBe(true);
    expect(slots.keep()).toBe(false);
  });
});
