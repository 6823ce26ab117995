import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../database';
import { vendors } from '../schema';

export type VendorRow = typeof vendors.$inferSelect;
export type NewVendor = Pick<VendorRow, 'name' | 'url' | 'description'>;

/** Every query takes the owner's id: a vendor of another user is simply not found. */
export class VendorsRepository {
  constructor(private readonly db: Database) {}

  listByOwner(userId: string): Promise<VendorRow[]> {
    return this.db.select().from(vendors).where(eq(vendors.userId, userId)).orderBy(desc(vendors.createdAt), desc(vendors.id));
  }

  async findOwned(userId: string, id: string): Promise<VendorRow | undefined> {
    const [row] = await this.db
      .select()
      .from(vendors)
      .where(and(eq(vendors.id, id), eq(vendors.userId, userId)));
    return row;
  }

  async create(userId: string, vendor: NewVendor): Promise<VendorRow> {
    const [row] = await this.db
      .insert(vendors)
      .values({ ...vendor, userId })
      .returning();
    return row!;
  }

  async updateOwned(userId: string, id: string, changes: Partial<NewVendor>): Promise<VendorRow | undefined> {
    const [row] = await this.db
      .update(vendors)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(vendors.id, id), eq(vendors.userId, userId)))
      .returning();
    return row;
  }

  async deleteOwned(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(vendors)
      .where(and(eq(vendors.id, id), eq(vendors.userId, userId)))
      .returning({ id: vendors.id });
    return rows.length > 0;
  }
}
