import { readCapped, readCappedJson, ResponseTooLargeError } from './capped-body';

/** An endless body that counts what was pulled from it and notices when the reader lets go. */
function endless(chunkBytes = 1024) {
  const state = { pulled: 0, released: false };
  async function* chunks() {
    try {
      for (;;) {
        state.pulled += chunkBytes;
        yield new Uint8Array(chunkBytes).fill(120);
      }
    } finally {
      state.released = true;
    }
  }
  return { state, body: chunks() };
}

describe('capped body reader', () => {
  it('refuses a body past its ceiling and stops reading it there', async () => {
    const { state, body } = endless();
    await expect(readCapped(body, 10_000)).rejects.toThrow(new ResponseTooLargeError(10_000));
    expect(state.pulled).toBeLessThanOrEqual(11 * 1024);
    expect(state.released).toBe(true);
  });

  it('or keeps the first bytes, marked truncated', async () => {
    const { state, body } = endless();
    const read = await readCapped(body, 10_000, { truncate: true });
    expect(read).toMatchObject({ truncated: true });
    expect(read.buffer.byteLength).toBe(10_000);
    expect(state.released).toBe(true);
  });

  it('reads a body within the ceiling whole, web streams and strings included', async () => {
    const stream = new Response('{"a":1}').body;
    expect(await readCapped(stream, 7)).toEqual({ buffer: Buffer.from('{"a":1}'), truncated: false });
    expect(await readCappedJson(new Response('{"a":1}'), 100)).toEqual({ a: 1 });
    await expect(readCappedJson(new Response('{"a":1}'), 6)).rejects.toThrow(/larger than 6 bytes/);
  });

  it('refuses at once what Content-Length declares too large, without reading it', async () => {
    const response = new Response('x'.repeat(100), { headers: { 'content-length': '100' } });
    await expect(readCappedJson(response, 10)).rejects.toBeInstanceOf(ResponseTooLargeError);
  });
});
