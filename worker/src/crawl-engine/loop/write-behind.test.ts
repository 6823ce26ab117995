import { WriteBehind } from './write-behind';

/** A write the test finishes by hand. */
function deferred() {
  let finish!: (error?: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    finish = (error) => (error ? reject(error) : resolve());
  });
  return { promise, finish };
}

describe('WriteBehind', () => {
  it('starts a write without waiting for it, and the next one only after it', async () => {
    const writes = new WriteBehind();
    const first = deferred();
    const started: string[] = [];
    await writes.push(() => {
      started.push('first');
      return first.promise;
    });
    expect(writes.pending).toBe(true);
    const second = writes.push(async () => {
      started.push('second');
    });
    await Promise.resolve();
    expect(started).toEqual(['first']);
    first.finish();
    await second;
    await writes.settle();
    expect(started).toEqual(['first', 'second']);
    expect(writes.pending).toBe(false);
  });

  it('reports a failed write at the next push or settle, once', async () => {
    const writes = new WriteBehind();
    await writes.push(() => Promise.reject(new Error('connection lost')));
    await expect(writes.push(async () => undefined)).rejects.toThrow('connection lost');
    await expect(writes.settle()).resolves.toBeUndefined();
    await writes.push(() => Promise.reject(new Error('disk full')));
    await expect(writes.settle()).rejects.toThrow('disk full');
  });
});
