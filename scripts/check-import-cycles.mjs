#!/usr/bin/env node
/**
 * Fails when source files, or the folders that make one unit (a backend module, a frontend feature, a
 * worker folder, a package), import each other in a cycle, type-only imports included (import-x/no-cycle
 * skips those, but a type cycle still ties two modules together). Run by `npm run lint`.
 * Reads the import graph with the TypeScript compiler's own pre-processor and module resolution, for
 * every project below; `--root DIR` checks another tree laid out the same way (the lint test uses it).
 */
import path from 'node:path';
import ts from 'typescript';

const rootArg = process.argv.indexOf('--root');
const root = path.resolve(rootArg > 0 ? process.argv[rootArg + 1] : path.join(import.meta.dirname, '..'));
const PROJECTS = ['tsconfig.test.json', 'frontend/tsconfig.json'];

/** Every file a project compiles, mapped to the in-repository files it imports. */
function importGraph(configPath) {
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic() {} });
  if (!parsed) throw new Error(`Cannot read ${configPath}`);
  const graph = new Map();
  const host = ts.createCompilerHost(parsed.options);
  const cache = ts.createModuleResolutionCache(root, (name) => name, parsed.options);
  for (const file of parsed.fileNames) {
    const { importedFiles } = ts.preProcessFile(ts.sys.readFile(file) ?? '', true, true);
    const targets = new Set();
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, parsed.options, host, cache).resolvedModule;
      const target = resolved?.resolvedFileName;
      if (target && !resolved.isExternalLibraryImport && !target.includes('/node_modules/')) targets.add(path.resolve(target));
    }
    graph.set(path.resolve(file), targets);
  }
  return graph;
}

/** Strongly connected components of more than one file (Tarjan). */
function cycles(graph) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (start) => {
    // Iterative, so a deep import chain cannot overflow the call stack.
    const work = [[start, [...(graph.get(start) ?? [])], 0]];
    indices.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work.at(-1);
      const [node, edges] = frame;
      if (frame[2] < edges.length) {
        const next = edges[frame[2]++];
        if (!indices.has(next)) {
          indices.set(next, index);
          low.set(next, index++);
          stack.push(next);
          onStack.add(next);
          work.push([next, [...(graph.get(next) ?? [])], 0]);
        } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indices.get(next)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work.at(-1)[0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === indices.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1) found.push(component.sort());
      }
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found;
}

/** Folders whose files form one unit, each `<folder>/<name>/`: they must not import each other in a cycle either. */
const UNITS = ['backend/src/modules', 'frontend/src/features', 'worker/src', 'packages'];
const isTest = (file) => /\.test\.tsx?$|\/testing\//.test(file);

/** The same graph between units (a backend module, a frontend feature, a worker folder, a package), tests left out. */
function unitGraph(graph) {
  const unitOf = (file) => {
    const relative = path.relative(root, file);
    for (const parent of UNITS) {
      if (relative.startsWith(`${parent}/`)) {
        const name = relative.slice(parent.length + 1).split('/')[0];
        return name.includes('.') ? null : `${parent}/${name}/`;
      }
    }
    return null;
  };
  const units = new Map();
  for (const [file, targets] of graph) {
    const from = unitOf(file);
    if (!from || isTest(file)) continue;
    const edges = units.get(from) ?? new Set();
    units.set(from, edges);
    for (const target of targets) {
      const to = unitOf(target);
      if (to && to !== from) edges.add(path.join(root, to));
    }
  }
  return new Map([...units].map(([unit, edges]) => [path.join(root, unit), edges]));
}

const found = new Map();
for (const project of PROJECTS) {
  const configPath = path.join(root, project);
  if (!ts.sys.fileExists(configPath)) continue;
  const graph = importGraph(configPath);
  for (const component of [...cycles(graph), ...cycles(unitGraph(graph))]) found.set(component.join('\n'), component);
}
if (found.size === 0) process.exit(0);
console.error(`Import cycles (type-only imports included): ${found.size}`);
for (const component of found.values()) {
  console.error(`- ${component.map((file) => path.relative(root, file)).join('\n  ')}`);
}
console.error('Break each: move what both sides need into a module both import, or pass it in.');
process.exit(1);
