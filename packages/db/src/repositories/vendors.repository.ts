import { FIRST_WINDOW, type ListWindow } from '@vendorwatch/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../database';
import { complianceAssessments, vendors } from '../schema';

export type VendorRow = typeof vendors.$inferSelect;
export type NewVendor = Pick<VendorRow, 'name' | 'url' | 'description'>;
/** A vendor with its latest compliance assessment, if it has one. */
export type VendorWithComplianceRow = VendorRow & {
  compliance: { reportId: string; rate: number; label: (typeof complianceAssessments.$inferSelect)['label'] } | null;
};

/** Every query takes the owner's id: a vendor of another user is simply not found. */
export class VendorsRepository {
  constructor(private readonly db: Database) {}

  listByOwner(userId: string): Promise<VendorRow[]> {
    return this.db.select().from(vendors).where(eq(vendors.userId, userId)).orderBy(desc(vendors.createdAt), desc(vendors.id));
  }

  /**
   * The vendor list with each vendor's latest compliance assessment, in one query: a lateral
   * subquery reads one row per vendor from the (user, vendor, assessed_at) index.
   */
  async listByOwnerWithCompliance(userId: string, window: ListWindow = FIRST_WINDOW): Promise<VendorWithComplianceRow[]> {
    const latest = this.db
      .select({ reportId: complianceAssessments.id, rate: complianceAssessments.rate, label: complianceAssessments.label })
      .from(complianceAssessments)
      .where(and(eq(complianceAssessments.userId, vendors.userId), eq(complianceAssessments.vendorId, vendors.id)))
      .orderBy(desc(complianceAssessments.assessedAt), desc(complianceAssessments.id))
      .limit(1)
      .as('latest');
    const rows = await this.db
      .select({ vendor: vendors, latest: { reportId: latest.reportId, rate: latest.rate, label: latest.label } })
      .from(vendors)
      .leftJoinLateral(latest, sql`true`)
      .where(eq(vendors.userId, userId))
      .orderBy(desc(vendors.createdAt), desc(vendors.id))
      .limit(window.limit)
      .offset(window.offset);
    return rows.map(({ vendor, latest }) => ({
      ...vendor,
      compliance: latest ? { reportId: latest.reportId, rate: Number(latest.rate), label: latest.label } : null,
    }));
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
