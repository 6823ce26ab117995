// Writes the generated part of docs/methodology.md — weights, credits, letters, caps, categories and
// every check of the catalogue — from the built compliance package, so the published grading method is
// the one in use. `npm run docs:methodology` builds the package first; a test fails when the page is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { CATALOGUE, withMethodologyTables } = require('../packages/compliance/dist/index.js');

const file = new URL('../docs/methodology.md', import.meta.url);
const before = readFileSync(file, 'utf8');
const after = withMethodologyTables(before, CATALOGUE);
writeFileSync(file, after);
console.log(before === after ? 'docs/methodology.md is current' : 'docs/methodology.md updated');
