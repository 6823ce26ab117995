import {
  CHECK_SEVERITIES,
  COMPLIANCE_LABELS,
  type AlertEvent,
  type AlertRuleKind,
  type FindingChange,
} from '@vendorwatch/contracts';
import {
  AlertsRepository,
  CrawlChangesRepository,
  CrawlJobsRepository,
  VendorsRepository,
  type AlertRuleRow,
  type CrawlChangeRow,
  type CrawlJobRow,
} from '@vendorwatch/db';

/** Where the app shows a crawl's changes, for the alert's link. */
export const changeLink = (publicUrl: string, vendorId: string | null, jobId: string) =>
  `${publicUrl.replace(/\/$/, '')}/${vendorId ? `vendors/${vendorId}/timeline?crawl=${jobId}` : `crawls/${jobId}`}`;

/** Worse labels come later in COMPLIANCE_LABELS. */
const labelRank = (label: string | null) => (label ? COMPLIANCE_LABELS.indexOf(label as (typeof COMPLIANCE_LABELS)[number]) : -1);
const severityRank = (severity: string) => CHECK_SEVERITIES.indexOf(severity as (typeof CHECK_SEVERITIES)[number]);

/** What one rule says about a crawl: null when it does not fire. */
export function ruleFires(
  rule: Pick<AlertRuleRow, 'kind' | 'minSeverity' | 'thresholdPercent'>,
  job: CrawlJobRow,
  change: CrawlChangeRow | undefined,
): string[] | null {
  if (rule.kind === 'crawl_failed')
    return job.status === 'failed' ? [`The crawl failed: ${job.error ?? 'no reason given'}`] : null;
  if (job.status !== 'completed' || !change?.previousJobId) return null;
  switch (rule.kind) {
    case 'label_drop':
      return change.labelBefore && change.labelAfter && labelRank(change.labelAfter) > labelRank(change.labelBefore)
        ? [
            `Compliance label dropped from ${change.labelBefore} (${change.rateBefore} %) to ${change.labelAfter} (${change.rateAfter} %)`,
          ]
        : null;
    case 'check_fails': {
      const least = rule.minSeverity ? severityRank(rule.minSeverity) : CHECK_SEVERITIES.length - 1;
      const failing = change.findingsNew.filter((f: FindingChange) => f.outcome === 'fail' && severityRank(f.severity) <= least);
      return failing.length ? failing.map((f) => `Newly failing (${f.severity}): ${f.title}`) : null;
    }
    case 'policy_page_changed':
      return change.policyPagesChanged > 0 ? [`${change.policyPagesChanged} policy page(s) added, removed or changed`] : null;
    case 'pages_changed':
      return rule.thresholdPercent !== null && change.changedPercent > rule.thresholdPercent
        ? [
            `${change.changedPercent} % of pages changed (${change.added} added, ${change.removed} removed, ${change.changed} changed)`,
          ]
        : null;
  }
}

const SUBJECTS: Record<AlertRuleKind, string> = {
  label_drop: 'compliance label dropped',
  check_fails: 'a check newly fails',
  policy_page_changed: 'a policy page changed',
  pages_changed: 'many pages changed',
  crawl_failed: 'crawl failed',
};

/**
 * Decides which of a user's rules a finished crawl fires and records one delivery per rule and
 * channel (once: evaluating the crawl again adds none), handing each to `enqueue`. Runs in the
 * worker after the change summary is stored, and when a crawl fails.
 */
export class AlertEvaluator {
  constructor(
    private readonly alerts: AlertsRepository,
    private readonly jobs: CrawlJobsRepository,
    private readonly changes: CrawlChangesRepository,
    private readonly vendors: VendorsRepository,
    private readonly publicUrl: string,
    private readonly enqueue: (deliveryId: string) => Promise<void>,
  ) {}

  async evaluate(jobId: string): Promise<number> {
    const job = await this.jobs.findById(jobId);
    if (!job || job.kind !== 'crawl') return 0;
    const rules = await this.alerts.listRules(job.userId);
    if (rules.length === 0) return 0;
    const channels = await this.alerts.listChannels(job.userId);
    if (channels.length === 0) return 0;
    const change = await this.changes.findByJob(jobId);
    const vendor = job.vendorId ? await this.vendors.findOwned(job.userId, job.vendorId) : undefined;
    let queued = 0;
    for (const rule of rules) {
      const details = ruleFires(rule, job, change);
      if (!details) continue;
      const event: AlertEvent = {
        rule: rule.kind,
        subject: `${vendor?.name ?? job.targetUrl}: ${SUBJECTS[rule.kind]}`,
        vendorId: job.vendorId,
        vendorName: vendor?.name ?? null,
        crawlJobId: job.id,
        link: changeLink(this.publicUrl, job.vendorId, job.id),
        details,
        occurredAt: (job.completedAt ?? new Date()).toISOString(),
      };
      for (const channel of channels) {
        const delivery = await this.alerts.createDelivery({
          userId: job.userId,
          channelId: channel.id,
          ruleId: rule.id,
          ruleKind: rule.kind,
          crawlJobId: job.id,
          event,
        });
        if (!delivery) continue;
        await this.enqueue(delivery.id);
        queued++;
      }
    }
    return queued;
  }
}
