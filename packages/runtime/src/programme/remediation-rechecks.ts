import type {
  AuditLogRepository,
  ComplianceAssessmentsRepository,
  RemediationRequestsRepository,
  VendorLinksRepository,
} from '@vendorwatch/db';

/** Re-check crawls caught up per run (those whose crawl handler died before applying them). */
const CATCH_UP_BATCH = 20;

/**
 * What follows a re-check crawl the vendor asked for through the link: every check of the request
 * that passes in the crawl's assessment is resolved, and a request whose checks are all resolved or
 * accepted closes (its link then lives on for the closed-link period). Runs as an after-crawl step
 * for every ending; each re-check is claimed once (one UPDATE), so the crawl handler and the
 * reconciler's catch-up never both apply it, and resolving a check twice changes nothing.
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
    for (const recheck of await this.requests.claimRechecksOfCrawl(jobId, now)) {
      await this.apply(recheck.requestId, jobId, status, assessmentId, now);
    }
  }

  /** Re-checks whose crawl ended without them being applied (a worker died in between). */
  async catchUp(now = new Date()): Promise<number> {
    const crawls = await this.requests.endedUnappliedRecheckCrawls(CATCH_UP_BATCH);
    for (const jobId of crawls) await this.crawlEnded(jobId, now);
    return crawls.length;
  }

  private async apply(requestId: string, jobId: string, status: string, assessmentId: string | undefined, now: Date) {
    const request = await this.requests.findById(requestId);
    if (!request) return;
    const checks = await this.requests.checksOf(requestId);
    const results = assessmentId
      ? await this.assessments.checkResults(
          assessmentId,
          checks.map((check) => check.checkId),
        )
      : [];
    const passing = results.filter((result) => result.outcome === 'pass').map((result) => result.checkId);
    const open = ['sent', 'viewed', 'responded'].includes(request.state);
    const resolved = open ? await this.requests.resolveChecks(requestId, passing, jobId, now) : [];
    const stillFailing = results.filter((result) => result.outcome !== 'pass').map((result) => result.checkId);
    const event = { workspaceId: request.workspaceId, requestId, actor: 'Vendorwatch', at: now };
    await this.requests.addEvent({
      ...event,
      type: 'recheck_completed',
      detail: { crawlJobId: jobId, crawlStatus: status, assessed: Boolean(assessmentId), resolved, stillFailing },
    });
    const audit = { workspaceId: request.workspaceId, actorType: 'user' as const, actorId: null, actorLabel: 'Vendorwatch' };
    if (resolved.length > 0) {
      await this.requests.addEvent({ ...event, type: 'resolved', detail: { checkIds: resolved, crawlJobId: jobId } });
      await this.auditLog.append({
        ...audit,
        action: 'remediation_request.resolve',
        targetType: 'remediation_request',
        targetId: requestId,
        summary: { checkIds: resolved, crawlJobId: jobId, vendorName: request.vendorName },
        clientAddress: null,
      });
    }
    const closed = await this.requests.closeIfSettled(requestId, now);
    if (closed) {
      await this.links.close('remediation', requestId, now);
      await this.requests.addEvent({ ...event, type: 'closed', detail: { by: 'recheck' } });
      await this.auditLog.append({
        ...audit,
        action: 'remediation_request.close',
        targetType: 'remediation_request',
        targetId: requestId,
        summary: { vendorName: request.vendorName, by: 'recheck' },
        clientAddress: null,
      });
    }
  }
}
