import { fork } from 'node:child_process';
import { openSync } from 'node:fs';

/**
 * Child processes driven over Node's IPC channel: the parent calls named commands and awaits
 * their answers; the child announces itself ready with a payload (its address, its pid …).
 * Every call has a time limit, so a hung child fails the row instead of hanging the run.
 */

/**
 * Starts `entry` as a child process. `options.logFile` receives its stdout and stderr (the
 * product's own logs, Chromium's chatter), so the harness output stays a table.
 */
export function startChild(entry, { args = [], env = {}, execArgv = [], logFile, readyTimeoutMs = 60_000 } = {}) {
  const out = logFile ? openSync(logFile, 'a') : 'ignore';
  const child = fork(entry, args, {
    env: { ...process.env, ...env },
    execArgv,
    stdio: ['ignore', out, out, 'ipc'],
  });
  let nextId = 1;
  const pending = new Map();
  let exited = null;
  let onReady;
  const ready = new Promise((resolve, reject) => {
    onReady = { resolve, reject };
  });
  const readyTimer = setTimeout(
    () => onReady.reject(new Error(`${entry} was not ready within ${readyTimeoutMs} ms`)),
    readyTimeoutMs,
  );

  child.on('message', (message) => {
    if (message?.type === 'ready') {
      clearTimeout(readyTimer);
      onReady.resolve(message.payload);
    } else if (message?.type === 'error' && !message.id) {
      clearTimeout(readyTimer);
      onReady.reject(new Error(`${entry}: ${message.error}`));
    } else if (message?.id && pending.has(message.id)) {
      const { resolve, reject, timer } = pending.get(message.id);
      pending.delete(message.id);
      clearTimeout(timer);
      if (message.type === 'error') reject(new Error(message.error));
      else resolve(message.result);
    }
  });
  child.on('exit', (code, signal) => {
    exited = { code, signal };
    clearTimeout(readyTimer);
    const why = new Error(`${entry} exited (${signal ?? code})${logFile ? `; see ${logFile}` : ''}`);
    onReady.reject(why);
    for (const { reject, timer } of pending.values()) {
      clearTimeout(timer);
      reject(why);
    }
    pending.clear();
  });
  ready.catch(() => undefined);

  return {
    pid: child.pid,
    ready,
    get exited() {
      return exited;
    },
    call(cmd, payload = {}, timeoutMs = 300_000) {
      if (exited) return Promise.reject(new Error(`${entry} has exited`));
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`${entry}: '${cmd}' took more than ${timeoutMs} ms`));
        }, timeoutMs);
        pending.set(id, { resolve, reject, timer });
        child.send({ id, cmd, payload });
      });
    },
    /** Asks the child to close what it holds and exit; kills it (by its pid) if it does not. */
    async stop(timeoutMs = 20_000) {
      if (exited) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      try {
        child.send({ id: 0, cmd: 'shutdown', payload: {} });
      } catch {
        // channel already closed
      }
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      await gone;
      clearTimeout(timer);
    },
  };
}

/**
 * The child's side: answers commands with `handlers[cmd](payload)`. 'shutdown' runs
 * `handlers.shutdown` (if any) and exits.
 */
export function serveCommands(handlers) {
  process.on('message', async (message) => {
    const { id, cmd, payload } = message ?? {};
    if (cmd === 'shutdown') {
      try {
        await handlers.shutdown?.();
      } finally {
        process.exit(0);
      }
      return;
    }
    const handler = handlers[cmd];
    try {
      if (!handler) throw new Error(`unknown command '${cmd}'`);
      const result = await handler(payload);
      process.send({ id, type: 'result', result });
    } catch (error) {
      process.send({ id, type: 'error', error: error?.stack ?? String(error) });
    }
  });
  // The parent went away: do not linger.
  process.on('disconnect', () => process.exit(0));
}

export function announceReady(payload = {}) {
  process.send({ type: 'ready', payload });
}

export function announceFailure(error) {
  process.send?.({ type: 'error', error: error?.stack ?? String(error) });
  setTimeout(() => process.exit(1), 100);
}
