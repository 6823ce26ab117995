import { isOpenRemediationState } from '@vendorwatch/contracts';
import type {
  AuditLogRepository,
  ComplianceAssessmentsRepository,
  RemediationRequestRow,
  RemediationRequestsRepository,
  VendorLinksRepository,
} from '@vendorwatch/db';

/** Re-check crawls caught up per run (those whose crawl handler died before applying them). */
const CATCH_UP_BATCH = 20;

/**
 * What follows a re-check crawl the vendor asked for through the link: every check of the request
 * that passes in the crawl's assessment is resolved, and a request whose checks are all resolved or
 * accepted closes (its link then lives on for the closed-link period). Runs as an after-crawl step
 * for every ending; each re-check is claimed once (one UPDATE, in the transaction that applies it),
 * so the crawl handler and the reconciler's catch-up never both apply it, and resolving a check
 * twice changes nothing.
 */
export class RemediationRechecks {
  constructor(
    private readonly requests: RemediationRequestsRepository,
    private readonly links: VendorLinksRepository,
    private readonly auditLog: AuditLogRepository,
    private readonly assessments: ComplianceAssessmentsRepository,
  ) {}

  /** After crawl `jobId` ended: applies the re-checks that started it, if any. */
  async crawlEnded(jobId: string, now = new Date()): Promise<void> {
    const status = await this.requests.crawlStatus(jobId);
    if (!status || status === 'queued' || status === 'running') return;
    const assessmentId = await this.requests.assessmentOfCrawl(jobId);
    // A completed crawl not assessed yet: the catch-up assesses it first, then comes back here.
    if (status === 'completed' && !assessmentId) return;
    // Read before the transaction: every statement inside it goes through the transaction's own
    // connection (embedded PGlite runs one transaction at a time, and a read beside it would wait for it).
    const results = assessmentId ? await this.assessments.checkResults(assessmentId) : [];
    const crawl: RecheckCrawl = {
      jobId,
      status,
      assessed: Boolean(assessmentId),
      outcomes: new Map(results.map((result) => [result.checkId, result.outcome])),
    };
    // The claim and every request write it leads to land together: a worker that dies in between
    // leaves the re-check unclaimed for the catch-up, never claimed with nothing applied.
    const applied = await this.requests.transaction(async (requests) => {
      const changes: AppliedRecheck[] = [];
      for (const recheck of await requests.claimRechecksOfCrawl(jobId, now)) {
        const change = await this.apply(requests, recheck.requestId, crawl, now);
        if (change) changes.push(change);
      }
      return changes;
    });
    for (const change of applied) await this.recordAfterCommit(change, jobId, now);
  }

  /** Re-checks whose crawl ended without them being applied (a worker died in between). */
  async catchUp(now = new Date()): Promise<number> {
    const crawls = await this.requests.endedUnappliedRecheckCrawls(CATCH_UP_BATCH);
    for (const jobId of crawls) await this.crawlEnded(jobId, now);
    return crawls.length;
  }

  /** The request's side of one re-check, written through `requests` (the claim's transaction). */
  private async apply(
    requests: RemediationRequestsRepository,
    requestId: string,
    crawl: RecheckCrawl,
    now: Date,
  ): Promise<AppliedRecheck | undefined> {
    const request = await requests.findById(requestId);
    if (!request) return undefined;
    // The request's checks the crawl's assessment judged, in the request's order.
    const judged = (await requests.checksOf(requestId)).map((check) => check.checkId).filter((id) => crawl.outcomes.has(id));
    const passing = judged.filter((id) => crawl.outcomes.get(id) === 'pass');
    const stillFailing = judged.filter((id) => crawl.outcomes.get(id) !== 'pass');
    const resolved = isOpenRemediationState(request.state)
      ? await requests.resolveChecks(requestId, passing, crawl.jobId, now)
      : [];
    const event = { workspaceId: request.workspaceId, requestId, actor: 'Vendorwatch', at: now };
    await requests.addEvent({
      ...event,
      type: 'recheck_completed',
      detail: { crawlJobId: crawl.jobId, crawlStatus: crawl.status, assessed: crawl.assessed, resolved, stillFailing },
    });
    if (resolved.length > 0) {
      await requests.addEvent({ ...event, type: 'resolved', detail: { checkIds: resolved, crawlJobId: crawl.jobId } });
    }
    const closed = Boolean(await requests.closeIfSettled({ ...event, detail: { by: 'recheck' } }));
    return { requestId, workspaceId: request.workspaceId, vendorName: request.vendorName, resolved, closed };
  }

  /** The audit log's entries and the closed link's new lifetime, once the request's changes are committed. */
  private async recordAfterCommit(outcome: AppliedRecheck, jobId: string, now: Date): Promise<void> {
    const { requestId, workspaceId, vendorName, resolved, closed } = outcome;
    const audit = { workspaceId, actorType: 'user' as const, actorId: null, actorLabel: 'Vendorwatch', clientAddress: null };
    const target = { targetType: 'remediation_request', targetId: requestId };
    if (resolved.length > 0) {
      await this.auditLog.append({
        ...audit,
        ...target,
        action: 'remediation_request.resolve',
        summary: { checkIds: resolved, crawlJobId: jobId, vendorName },
      });
    }
    if (closed) {
      await this.links.close('remediation', requestId, now);
      await this.auditLog.append({
        ...audit,
        ...target,
        action: 'remediation_request.close',
        summary: { vendorName, by: 'recheck' },
      });
    }
  }
}

/** The crawl a re-check asked for, as it ended: its assessment's outcome per check, when it was assessed. */
interface RecheckCrawl {
  jobId: string;
  status: string;
  assessed: boolean;
  outcomes: ReadonlyMap<string, string>;
}

/** What one re-check changed on its request. */
interface AppliedRecheck {
  requestId: string;
  workspaceId: RemediationRequestRow['workspaceId'];
  vendorName: string;
  resolved: string[];
  closed: boolean;
}
