import { Inject, Injectable, Logger } from '@nestjs/common';
import { isUnderPublicSuffix, registrableDomainOf } from '@vendorwatch/compliance';
import {
  formatMessage,
  MESSAGES,
  type CreateVendor,
  type CrawlMethod,
  type UpdateVendor,
  type Vendor,
  type VendorLastCrawl,
  type VendorListItem,
  type VendorListPage,
  type VendorListQuery,
  type VendorReviewState,
} from '@vendorwatch/contracts';
import {
  VendorsRepository,
  type VendorLastCrawlRow,
  type VendorRow,
  type VendorWithComplianceRow,
  type WorkspaceId,
} from '@vendorwatch/db';
import { AcceptedStandings, APP_CONFIG, VendorSchedulers, type AcceptedStanding, type AppConfig } from '@vendorwatch/runtime';
import { BadRequestError, ConflictError, NotFoundError } from '../../common/errors';
import { noteForAudit } from '../audit-log/audit-notes';
import { VendorProgrammeRules } from '../programme/vendor-programme/vendor-programme.rules';
import { VendorReviewStatusService } from '../programme/review-status/vendor-review-status.service';

export const toVendor = (row: VendorRow): Vendor => ({
  id: row.id,
  name: row.name,
  url: row.url,
  description: row.description,
  domains: row.domains,
  primaryDomain: row.domains[0] ?? registrableDomainOf(row.url),
  dkimSelectors: row.dkimSelectors,
  tier: row.tier,
  tierReason: row.tierReason,
  ownerUserId: row.ownerUserId,
  contacts: row.contacts,
  intake: row.intake,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The list row; `accepted`: its latest assessment re-graded with the vendor's active risk acceptances. */
const toVendorListItem = (
  { compliance, lastCrawl, ...row }: VendorWithComplianceRow,
  review: VendorReviewState,
  accepted?: AcceptedStanding,
): VendorListItem => ({
  ...toVendor(row),
  grade: accepted ? accepted.grades.overall.letter : (compliance?.grade ?? null),
  rate: accepted?.rate ?? compliance?.rate ?? null,
  label: accepted?.label ?? compliance?.label ?? null,
  vulnerableLibraries: compliance?.vulnerableLibraries ?? null,
  lastAssessedAt: compliance?.assessedAt.toISOString() ?? null,
  compliance: compliance && { reportId: compliance.reportId, rate: compliance.rate, label: compliance.label },
  lastCrawl: lastCrawl && toLastCrawl(lastCrawl),
  review,
});

const toLastCrawl = (row: VendorLastCrawlRow): VendorLastCrawl => ({
  id: row.id,
  state: row.status,
  status: row.status,
  method: row.method as CrawlMethod,
  progress: row.progress,
  pagesDone: row.pagesDone,
  pagesPlanned: row.pagesPlanned,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
  completionTime: row.completedAt?.toISOString() ?? null,
});

@Injectable()
export class VendorsService {
  private readonly logger = new Logger(VendorsService.name);

  constructor(
    private readonly vendors: VendorsRepository,
    private readonly schedulers: VendorSchedulers,
    private readonly reviewStatus: VendorReviewStatusService,
    private readonly programme: VendorProgrammeRules,
    private readonly accepted: AcceptedStandings,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * One page of the analyst's list: each vendor with its latest assessment's grade, rate, label and
   * vulnerable libraries and its latest crawl, searched, filtered and sorted in one query.
   */
  async list(workspaceId: WorkspaceId, query: VendorListQuery): Promise<VendorListPage> {
    // The review status is computed when read (one rule, in contracts): the filter keeps the ids it matches.
    const onlyIds = query.reviewStatus ? await this.reviewStatus.vendorIdsWithStatus(workspaceId, query.reviewStatus) : undefined;
    // Filtered or sorted by standing: by the standing shown, risk acceptances applied.
    const byStanding = Boolean(query.grade || query.label) || ['grade', 'rate', 'label'].includes(query.sort);
    const overrides = byStanding ? await this.accepted.overridesInWorkspace(workspaceId) : [];
    const { rows, total } = await this.vendors.listPage(workspaceId, query, onlyIds, overrides);
    const states = await this.reviewStatus.statesFor(
      workspaceId,
      rows.map((row) => row.id),
    );
    const accepted = await this.acceptedStandings(workspaceId, rows);
    return {
      items: rows.map((row) =>
        toVendorListItem(row, states.get(row.id)!, row.compliance ? accepted.get(row.compliance.reportId) : undefined),
      ),
      total,
    };
  }

  /** The rows' latest assessments re-graded where an active risk acceptance applies (the one rule). */
  private acceptedStandings(workspaceId: WorkspaceId, rows: readonly VendorWithComplianceRow[]) {
    return this.accepted.of(
      workspaceId,
      rows.flatMap((row) => (row.compliance ? [{ vendorId: row.id, assessmentId: row.compliance.reportId }] : [])),
    );
  }

  async get(workspaceId: WorkspaceId, id: string): Promise<Vendor> {
    return toVendor(await this.findOrThrow(workspaceId, id));
  }

  /** The vendor as its list row: what the vendor page opens with (grade, rate, last assessment, last crawl). */
  async getListItem(workspaceId: WorkspaceId, id: string): Promise<VendorListItem> {
    const row = await this.vendors.findListRow(workspaceId, id);
    if (!row) throw new NotFoundError(MESSAGES.vendors.notFound);
    const accepted = await this.acceptedStandings(workspaceId, [row]);
    return toVendorListItem(
      row,
      (await this.reviewStatus.stateOf(workspaceId, id))!,
      row.compliance ? accepted.get(row.compliance.reportId) : undefined,
    );
  }

  /** The vendor row itself, for other modules (crawls, crawler settings, schedules) that act on a vendor. */
  async findOrThrow(workspaceId: WorkspaceId, id: string): Promise<VendorRow> {
    const row = await this.vendors.findInWorkspace(workspaceId, id);
    if (!row) throw new NotFoundError(MESSAGES.vendors.notFound);
    return row;
  }

  /**
   * Fair use: a workspace keeps at most VENDORS_PER_USER vendors (each may be crawled on a schedule),
   * whoever adds them; `userId` is recorded as the one who added it.
   */
  async create(workspaceId: WorkspaceId, userId: string, input: CreateVendor): Promise<Vendor> {
    assertPublicDomains(input.domains);
    const cap = this.config.VENDORS_PER_USER;
    const row = await this.vendors.createWithinCap(workspaceId, userId, input, cap);
    if (row === 'full') throw new ConflictError(formatMessage.vendorLimitReached(cap));
    return toVendor(row);
  }

  async update(workspaceId: WorkspaceId, id: string, changes: UpdateVendor): Promise<Vendor> {
    assertPublicDomains(changes.domains);
    if (changes.tier !== undefined || changes.tierReason !== undefined || changes.ownerUserId !== undefined) {
      changes = await this.programme.checkedChanges(workspaceId, await this.findOrThrow(workspaceId, id), changes);
    }
    // What the worker reads in DNS changes: the entry keeps what it was (the new values are the route's fields).
    if (changes.domains !== undefined || changes.dkimSelectors !== undefined) {
      const before = await this.findOrThrow(workspaceId, id);
      noteForAudit({
        ...(changes.domains !== undefined ? { domainsBefore: before.domains } : {}),
        ...(changes.dkimSelectors !== undefined ? { dkimSelectorsBefore: before.dkimSelectors } : {}),
      });
    }
    const row = await this.vendors.update(workspaceId, id, changes);
    if (!row) throw new NotFoundError(MESSAGES.vendors.notFound);
    return toVendor(row);
  }

  async remove(workspaceId: WorkspaceId, id: string): Promise<void> {
    const removed = await this.vendors.delete(workspaceId, id);
    if (!removed) throw new NotFoundError(MESSAGES.vendors.notFound);
    noteForAudit({ name: removed.name });
    // The schedule row went with the vendor; its job scheduler goes too. Should Redis be out of reach,
    // the next run finds no schedule and removes its scheduler itself.
    await this.schedulers
      .remove(id)
      .catch((error: unknown) => this.logger.warn(`Could not remove the scheduler of vendor ${id}: ${String(error)}`));
  }
}

/**
 * A vendor's domains are read in DNS by the worker (MX, TXT, DMARC…): a name under no public suffix
 * (`corp.internal`, `*.svc.cluster.local`) would only be answered by the operator's internal resolver.
 * The refusal names no domain and no address.
 */
function assertPublicDomains(domains: readonly string[] | undefined): void {
  if (domains?.some((domain) => !isUnderPublicSuffix(domain))) throw new BadRequestError(MESSAGES.vendors.domainNotPublic);
}
