import { vendorListQuerySchema } from '@vendorwatch/contracts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from './database';
import { createTestDatabase, type TestDatabase } from './testing';
import { users } from './schema';
import { VendorsRepository, WorkspacesRepository } from './repositories';

describe.each(['postgres', 'pglite'] as const)('database on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database.drop());

  it('applies the migrations and keeps each workspace to its own vendors', async () => {
    const [alice, bob] = await database.db
      .insert(users)
      .values([
        { email: `alice-${driver}@example.com`, encryptedPassword: 'x' },
        { email: `bob-${driver}@example.com`, encryptedPassword: 'x' },
      ])
      .returning();
    const vendors = new VendorsRepository(database.db);
    const workspaces = new WorkspacesRepository(database.db);
    const [alices, bobs] = [
      (await workspaces.personalOf(alice!.id))!.workspaceId,
      (await workspaces.personalOf(bob!.id))!.workspaceId,
    ];
    const first = await vendors.createWithinCap(
      alices,
      alice!.id,
      { name: 'Acme', url: 'https://acme.test', description: '' },
      10,
    );
    if (first === 'full') throw new Error('a new workspace has room');
    await vendors.createWithinCap(alices, alice!.id, { name: 'Globex', url: '', description: 'second' }, 10);
    const everyVendor = vendorListQuerySchema.parse({});
    expect((await vendors.listPage(alices, everyVendor)).rows.map((v) => v.name)).toEqual(['Globex', 'Acme']);
    expect(await vendors.listPage(bobs, everyVendor)).toEqual({ rows: [], total: 0 });
    expect(await vendors.findInWorkspace(bobs, first.id)).toBeUndefined();
    expect(await vendors.delete(bobs, first.id)).toBeUndefined();
    expect(await vendors.update(alices, first.id, { name: 'Acme Corp' })).toMatchObject({ name: 'Acme Corp' });
  });

  it('refuses a second account with the same email in another case', async () => {
    await database.db.insert(users).values({ email: `Carol-${driver}@example.com`, encryptedPassword: 'x' });
    await expect(
      database.db.insert(users).values({ email: `carol-${driver}@EXAMPLE.com`, encryptedPassword: 'x' }),
    ).rejects.toThrow();
  });
});

describe('the embedded database shared within one process', () => {
  it('gives every holder of a data directory the same PGlite, closed by the last one', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vw-pglite-'));
    const backend = await openDatabase({ dataDir });
    const worker = await openDatabase({ dataDir });
    await backend.migrate();
    await worker.migrate();
    const [user] = await backend.db.insert(users).values({ email: 'shared@example.com', encryptedPassword: 'x' }).returning();

    expect(await worker.db.select().from(users)).toEqual([user]);
    await backend.close();
    await backend.close(); // a second close by the same holder must not release the other's instance
    expect(await worker.db.select().from(users)).toHaveLength(1);
    await worker.close();

    const reopened = await openDatabase({ dataDir });
    expect(await reopened.db.select().from(users)).toHaveLength(1);
    await reopened.close();
  });
});
