import { ensureTemplateDatabase } from '../../packages/db/src/testing';

/** Builds the migrated template database once per run; every test file clones it. */
export default async function globalSetup(): Promise<void> {
  await ensureTemplateDatabase();
}
