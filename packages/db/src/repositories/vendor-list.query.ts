import { defaultOrderOf, NOT_YET, type VendorListQuery } from '@vendorwatch/contracts';
import { and, asc, desc, eq, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database } from '../database';
import { complianceAssessments, crawlInventories, crawlJobs, vendors } from '../schema';

/**
 * Latest assessments whose standing an active risk acceptance changes (re-graded outside SQL, by the
 * one rule): the list filters and sorts them by that standing, as it shows them. A null grade, rate or label
 * keeps the assessed one.
 */
export interface StandingOverride {
  assessmentId: string;
  grade: string | null;
  rate: number | null;
  label: string | null;
}

/**
 * The two lateral reads of the vendors list, one row per vendor each: its latest assessment (with the
 * grade and vulnerable-library count of that crawl's inventory) from the (workspace, vendor,
 * assessed_at) index, and its latest crawl from the (vendor, created_at) index; and the standing the
 * list filters and sorts by.
 */
export function vendorListSubqueries(db: Database, overrides: readonly StandingOverride[] = []) {
  const latest = latestAssessment(db);
  const lastCrawl = db
    .select({
      id: crawlJobs.id,
      status: crawlJobs.status,
      method: crawlJobs.method,
      progress: crawlJobs.progress,
      pagesDone: crawlJobs.pagesDone,
      pagesPlanned: crawlJobs.pagesPlanned,
      error: crawlJobs.error,
      createdAt: crawlJobs.createdAt,
      completedAt: crawlJobs.completedAt,
    })
    .from(crawlJobs)
    .where(and(eq(crawlJobs.vendorId, vendors.id), eq(crawlJobs.workspaceId, vendors.workspaceId), eq(crawlJobs.kind, 'crawl')))
    .orderBy(desc(crawlJobs.createdAt), desc(crawlJobs.id))
    .limit(1)
    .as('last_crawl');
  return { latest, lastCrawl, standing: standingOf(latest, overrides) };
}

function latestAssessment(db: Database) {
  return db
    .select({
      reportId: complianceAssessments.id,
      rate: complianceAssessments.rate,
      label: complianceAssessments.label,
      assessedAt: complianceAssessments.assessedAt,
      grade: sql<string | null>`${crawlInventories.grades} -> 'overall' ->> 'letter'`.as('grade'),
      vulnerableLibraries: crawlInventories.vulnerableLibraries,
    })
    .from(complianceAssessments)
    .leftJoin(crawlInventories, eq(crawlInventories.jobId, complianceAssessments.jobId))
    .where(and(eq(complianceAssessments.workspaceId, vendors.workspaceId), eq(complianceAssessments.vendorId, vendors.id)))
    .orderBy(desc(complianceAssessments.assessedAt), desc(complianceAssessments.id))
    .limit(1)
    .as('latest');
}

/**
 * The grade, rate and label the list filters and sorts by: the latest assessment's, or its override.
 * The overrides travel as three JSON arrays (one parameter each, whatever their number), read once
 * per query; a row picks its entry by the position of its assessment id.
 */
function standingOf(latest: ReturnType<typeof latestAssessment>, overrides: readonly StandingOverride[]) {
  if (overrides.length === 0) return { grade: latest.grade, rate: latest.rate, label: latest.label };
  const list = (values: readonly (string | number | null)[]) =>
    sql`(array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)))`;
  const at = sql`array_position(${list(overrides.map((o) => o.assessmentId))}, ${latest.reportId}::text)`;
  return {
    grade: sql<string | null>`coalesce(${list(overrides.map((o) => o.grade))}[${at}], ${latest.grade})`,
    rate: sql<number | null>`coalesce((${list(overrides.map((o) => o.rate))}[${at}])::real, ${latest.rate})`,
    label: sql<string | null>`coalesce(${list(overrides.map((o) => o.label))}[${at}], ${latest.label})`,
  };
}

type Subqueries = ReturnType<typeof vendorListSubqueries>;

/** `%text%` for ILIKE, the text's own `%`, `_` and `\` matched as themselves. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The search and the filters: name, URL or a listed domain containing `q`; the latest grade, label and crawl state. */
export function vendorListFilters(query: VendorListQuery, { standing, lastCrawl }: Subqueries): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.q) {
    const pattern = containing(query.q);
    conditions.push(
      or(
        sql`${vendors.name} ilike ${pattern}`,
        sql`${vendors.url} ilike ${pattern}`,
        sql`array_to_string(${vendors.domains}, ' ') ilike ${pattern}`,
      ),
    );
  }
  if (query.grade) conditions.push(query.grade === NOT_YET ? isNull(standing.grade) : sql`${standing.grade} = ${query.grade}`);
  if (query.label) conditions.push(query.label === NOT_YET ? isNull(standing.label) : sql`${standing.label} = ${query.label}`);
  if (query.tier) conditions.push(query.tier === NOT_YET ? isNull(vendors.tier) : eq(vendors.tier, Number(query.tier)));
  if (query.crawlState) {
    conditions.push(query.crawlState === NOT_YET ? isNull(lastCrawl.id) : eq(lastCrawl.status, query.crawlState));
  }
  return and(...conditions);
}

/**
 * The page's order: the asked column (vendors without a value last, whichever the direction), then
 * the name and the id, so equal values keep one order from page to page.
 */
export function vendorListOrder(query: VendorListQuery, { latest, lastCrawl, standing }: Subqueries): SQL[] {
  const direction = query.order ?? defaultOrderOf(query.sort);
  // Worst to best, so that descending (the default) puts Compliant first, as the rate does.
  const labelRank = sql`case ${standing.label} when 'Non-Compliant' then 0 when 'Partially Compliant' then 1 when 'Compliant' then 2 end`;
  const columns: Record<VendorListQuery['sort'], AnyColumn | SQL | SQL.Aliased> = {
    name: sql`lower(${vendors.name})`,
    grade: standing.grade,
    rate: standing.rate,
    label: labelRank,
    vulnerableLibraries: latest.vulnerableLibraries,
    lastAssessedAt: latest.assessedAt,
    lastCrawl: lastCrawl.createdAt,
    createdAt: vendors.createdAt,
  };
  const column = columns[query.sort];
  const primary = direction === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
  return [primary, asc(sql`lower(${vendors.name})`), asc(vendors.id)];
}
