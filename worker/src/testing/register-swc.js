/**
 * Lets a child `node` process (the crash and shutdown tests) or a thread (the page readers, under
 * the tests) run the worker's TypeScript sources, compiled by SWC with decorator metadata exactly as
 * Jest compiles them, and the shared packages from their sources as Jest maps them: never a stale build.
 */
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const { transformSync } = require('@swc/core');

const root = path.resolve(__dirname, '../../..');
const aliases = {
  '@vendorwatch/compliance': 'packages/compliance/src/index.ts',
  '@vendorwatch/contracts': 'packages/contracts/src/index.ts',
  '@vendorwatch/db': 'packages/db/src/index.ts',
  '@vendorwatch/db/testing': 'packages/db/src/testing/index.ts',
  '@vendorwatch/runtime': 'packages/runtime/src/index.ts',
};
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return aliases[request] ? path.join(root, aliases[request]) : resolve.call(this, request, ...rest);
};
require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  });
  module._compile(code, filename);
};
