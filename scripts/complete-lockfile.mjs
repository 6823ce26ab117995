// Records every platform's optional native binary in package-lock.json.
//
// Some registry mirrors serve only the Linux builds of packages such as @swc/core and unrs-resolver,
// and npm then writes a lock file without the other platforms' entries; `npm ci` on any machine
// refuses such a file ("Missing: @swc/core-darwin-arm64@ from lock file"). This adds an entry for
// each optional dependency a locked package declares but the lock lacks, with the os, cpu and libc
// that its name encodes, so npm skips it on other platforms and fetches it where it belongs.
// Run it after `npm install` changes the lock file: `node scripts/complete-lockfile.mjs`.
// `--check` changes nothing and fails when entries are missing (CI runs it before `npm ci`).
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));

const OS = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openharmony'];
const CPU = {
  x64: 'x64',
  arm64: 'arm64',
  arm: 'arm',
  ia32: 'ia32',
  ppc64: 'ppc64',
  s390x: 's390x',
  riscv64: 'riscv64',
  loong64: 'loong64',
};

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const osIndex = parts.findIndex((part) => OS.includes(part));
  if (osIndex < 0) return undefined;
  const cpu = CPU[parts[osIndex + 1]];
  if (!cpu) return undefined;
  const abi = parts.slice(osIndex + 2).join('-');
  const libc = parts[osIndex] !== 'linux' ? undefined : abi.startsWith('musl') ? 'musl' : 'glibc';
  return { os: parts[osIndex], cpu, libc };
}

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = path === '' ? '' : `${path}/`;
    const key = `${base}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (lock.packages[key] || lock.packages[hoisted]) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    const sibling = Object.entries(lock.packages).find(
      ([k, v]) => k.startsWith(`${base}node_modules/${name.split('-').slice(0, -3).join('-')}`) && v.optional,
    );
    lock.packages[hoisted] = {
      version,
      cpu: [platform.cpu],
      ...(entry.dev ? { dev: true } : {}),
      ...(platform.libc ? { libc: [platform.libc] } : {}),
      ...(sibling?.[1].license ? { license: sibling[1].license } : {}),
      optional: true,
      os: [platform.os],
    };
    added += 1;
  }
}

if (process.argv.includes('--check')) {
  if (added > 0) {
    console.error(
      `package-lock.json lacks ${added} platform entries: run \`node scripts/complete-lockfile.mjs\` and commit the lock file.`,
    );
    process.exit(1);
  }
  console.log('complete-lockfile: every platform is recorded');
  process.exit(0);
}

lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: ${added} platform entries added`);
