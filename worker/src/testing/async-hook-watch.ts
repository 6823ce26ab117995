import { AsyncLocalStorage, createHook } from 'node:async_hooks';
import { writeSync } from 'node:fs';

/**
 * Imported first by a test's worker process (worker-process.ts): with VW_WATCH_ASYNC_HOOKS set, every
 * call that turns async hooks on in the process — entering an AsyncLocalStorage (`run`, `enterWith`)
 * or enabling an async hook, which entering one does on Node 20, for good — is written to stdout as
 * a JSON line `{"asyncHooksOn": "<call>", "at": "<where from>"}`. Patched on the prototypes, so it sees
 * every instance, whenever its module was loaded.
 */
if (process.env.VW_WATCH_ASYNC_HOOKS) {
  const hook = Object.getPrototypeOf(createHook({})) as object;
  const watched: [object, string][] = [
    [AsyncLocalStorage.prototype, 'AsyncLocalStorage.run'],
    [AsyncLocalStorage.prototype, 'AsyncLocalStorage.enterWith'],
    [hook, 'AsyncHook.enable'],
  ];
  for (const [target, call] of watched) {
    const name = call.split('.')[1]!;
    const methods = target as Record<string, (...args: unknown[]) => unknown>;
    const original = methods[name]!;
    methods[name] = function (this: unknown, ...args: unknown[]) {
      const at = new Error().stack?.split('\n').slice(2, 7).join(' <') ?? '';
      writeSync(1, `${JSON.stringify({ asyncHooksOn: call, at })}\n`);
      return original.apply(this, args);
    };
  }
}
