import { once } from 'node:events';
import net from 'node:net';

/**
 * Redis's MONITOR on a connection of its own, each command it reports handed to `onCommand` as its
 * arguments. Not ioredis's `monitor()`: it enters monitoring mode a tick after MONITOR's OK, so on a busy
 * server a command reported in the same read as the OK is taken for a reply nobody asked for ("Command
 * queue state error"), which failed a CI run.
 */
export async function monitorRedis(url: string, onCommand: (args: string[]) => void): Promise<{ close(): void }> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port || 6379), hostname);
  socket.setEncoding('utf8');
  await once(socket, 'connect');
  const started = new Promise<void>((resolve, reject) => {
    let buffered = '';
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      for (let end = buffered.indexOf('\r\n'); end !== -1; end = buffered.indexOf('\r\n')) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (line === '+OK') resolve();
        else if (line.startsWith('-')) reject(new Error(`MONITOR refused: ${line.slice(1)}`));
        // +1339518083.107412 [0 127.0.0.1:60866] "keys" "*"
        else if (line.startsWith('+')) onCommand(argumentsOf(line));
      }
    });
  });
  socket.write('MONITOR\r\n');
  await started;
  return { close: () => socket.destroy() };
}

/** A reported command's arguments: each quoted, with `\"` and `\\` escaped. */
function argumentsOf(line: string): string[] {
  const quoted = line.slice(line.indexOf('] ') + 2);
  return [...quoted.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((match) => match[1]!.replace(/\\(["\\])/g, '$1'));
}
