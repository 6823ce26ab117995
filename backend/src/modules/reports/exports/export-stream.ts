import { Transform, type Readable, type Writable } from 'node:stream';

/**
 * Runs `produce` into a stream the HTTP answer can send, and resolves once the first byte is out
 * (or `produce` finished): until then nothing has been sent, so a failure still becomes a proper
 * error answer. A failure after that ends the download early (the client sees it cut short), and
 * `onLateError` hears of it.
 */
export async function streamWhenStarted(
  produce: (out: Writable) => Promise<void>,
  onLateError: (error: unknown) => void,
): Promise<Readable> {
  let signalStarted!: () => void;
  const firstByte = new Promise<void>((resolve) => (signalStarted = resolve));
  let sending = false;
  const body = new Transform({
    transform(chunk, _encoding, callback) {
      sending = true;
      signalStarted();
      callback(null, chunk);
    },
  });
  const production = produce(body).then(
    () => {
      body.end();
    },
    (error: unknown) => {
      if (!sending) throw error;
      onLateError(error);
      body.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  await Promise.race([firstByte, production]);
  return body;
}
