import { createHash } from 'node:crypto';
import {
  CHECK_SEVERITIES,
  COMPLIANCE_LABELS,
  explainCrawlFailure,
  plural,
  type AlertEvent,
  type AlertRuleKind,
  type FindingChange,
} from '@vendorwatch/contracts';
import { certificateExpiries, type DomainPostureFacts } from '@vendorwatch/compliance';
import {
  AlertsRepository,
  CrawlChangesRepository,
  CrawlDomainPostureRepository,
  CrawlJobsRepository,
  VendorsRepository,
  type AlertChannelRow,
  type AlertRuleRow,
  type CrawlChangeRow,
  type CrawlJobRow,
} from '@vendorwatch/db';

/** Where the app shows a crawl's changes, for the alert's link. */
export const changeLink = (publicUrl: string, vendorId: string | null, jobId: string) =>
  `${publicUrl.replace(/\/$/, '')}/${vendorId ? `vendors/${vendorId}?crawl=${jobId}` : `crawls/${jobId}`}`;

/** Worse labels come later in COMPLIANCE_LABELS. */
const labelRank = (label: string | null) => (label ? COMPLIANCE_LABELS.indexOf(label as (typeof COMPLIANCE_LABELS)[number]) : -1);
const severityRank = (severity: string) => CHECK_SEVERITIES.indexOf(severity as (typeof CHECK_SEVERITIES)[number]);

/** The certificates of a crawl's HTTPS origins that end within `days` of when they were read (expired ones too), soonest first. */
export function expiringCertificates(posture: DomainPostureFacts | null, days: number) {
  return (posture ? certificateExpiries(posture) : [])
    .filter((certificate) => certificate.daysLeft <= days)
    .sort((a, b) => a.daysLeft - b.daysLeft || a.host.localeCompare(b.host));
}

const expiryDetail = ({ host, validTo, daysLeft }: ReturnType<typeof expiringCertificates>[number]) =>
  daysLeft < 0
    ? `The certificate of ${host} expired ${plural(-daysLeft, 'day')} ago (${validTo})`
    : `The certificate of ${host} expires in ${plural(daysLeft, 'day')} (${validTo})`;

/** At most this many new findings are named in one alert line; the rest are counted. */
const NAMED_FINDINGS = 5;

/**
 * "Newly failing (high): <title>", or, for a check that already failed and found more, what it found:
 * "New findings in a failing check (high): <title> — jquery 3.4.1: CVE-2020-11022".
 */
function failingDetail(finding: FindingChange): string {
  const found = finding.newFindings ?? [];
  const named =
    found.slice(0, NAMED_FINDINGS).join('; ') +
    (found.length > NAMED_FINDINGS ? ` and ${found.length - NAMED_FINDINGS} more` : '');
  if (finding.previousOutcome === 'fail')
    return `New findings in a failing check (${finding.severity}): ${finding.title} — ${named}`;
  return `Newly failing (${finding.severity}): ${finding.title}${found.length ? ` — ${named}` : ''}`;
}

/** What one rule says about a crawl: null when it does not fire. */
export function ruleFires(
  rule: Pick<AlertRuleRow, 'kind' | 'minSeverity' | 'thresholdPercent'> & Partial<Pick<AlertRuleRow, 'withinDays'>>,
  job: CrawlJobRow,
  change: CrawlChangeRow | undefined,
  posture: DomainPostureFacts | null = null,
): string[] | null {
  if (rule.kind === 'crawl_failed')
    // In the words the crawl's page uses ("The site could not be reached: host not found"), not the fetcher's code.
    return job.status === 'failed' ? [explainCrawlFailure(job.error).summary] : null;
  // Read after every completed crawl, the first one included: an expiring certificate needs no comparison.
  if (rule.kind === 'certificate_expiring') {
    if (job.status !== 'completed' || !rule.withinDays) return null;
    const expiring = expiringCertificates(posture, rule.withinDays);
    return expiring.length ? expiring.map(expiryDetail) : null;
  }
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
      return failing.length ? failing.map(failingDetail) : null;
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
  certificate_expiring: 'a certificate expires soon',
};

/** Which events go first when a crawl's alerts are more than it may send. */
const EVENT_ORDER: readonly AlertRuleKind[] = [
  'crawl_failed',
  'certificate_expiring',
  'label_drop',
  'check_fails',
  'policy_page_changed',
  'pages_changed',
];

/** The rules of one kind that fired on a crawl, as one event: the first rule's id, every detail once. */
interface FiredEvent {
  kind: AlertRuleKind;
  ruleId: string;
  details: string[];
  /**
   * What makes the event itself, unique per channel: `<crawl>:<kind>` — one message per crawl and kind —
   * except for expiring certificates, which are the same event on every crawl until renewed: keyed by
   * the vendor and each certificate's host and end, so a channel hears of a certificate once.
   */
  eventKey: string;
}

/**
 * Decides which rules of the crawl's workspace a finished crawl fires and records its alerts (to the
 * workspace's channels), handing each to `enqueue`. A crawl sends each confirmed channel one message per kind of event (rules of one kind
 * that fire together are merged into it), channels to the same place get it once, and a crawl sends
 * at most `perCrawl` messages in all. Evaluating the crawl again adds none (the event key is unique
 * per channel). Runs in the worker after the change summary is stored, and when a crawl fails.
 */
export class AlertEvaluator {
  constructor(
    private readonly alerts: AlertsRepository,
    private readonly jobs: CrawlJobsRepository,
    private readonly changes: CrawlChangesRepository,
    private readonly vendors: VendorsRepository,
    private readonly domainPosture: CrawlDomainPostureRepository,
    private readonly options: { publicUrl: string; perCrawl: number },
    private readonly enqueue: (deliveryId: string) => Promise<void>,
  ) {}

  async evaluate(jobId: string): Promise<number> {
    const job = await this.jobs.findById(jobId);
    if (!job || job.kind !== 'crawl') return 0;
    const rules = await this.alerts.listRules(job.workspaceId);
    if (rules.length === 0) return 0;
    const channels = oncePerTarget(await this.alerts.listConfirmedChannels(job.workspaceId));
    if (channels.length === 0) return 0;
    const posture = rules.some((rule) => rule.kind === 'certificate_expiring')
      ? await this.domainPosture.findByJobId(jobId)
      : null;
    const events = firedEvents(rules, job, await this.changes.findByJob(jobId), posture);
    if (events.length === 0) return 0;
    const vendor = job.vendorId ? await this.vendors.findInWorkspace(job.workspaceId, job.vendorId) : undefined;
    let budget = this.options.perCrawl - (await this.alerts.countDeliveriesOfCrawl(job.id));
    let queued = 0;
    for (const fired of events) {
      const event: AlertEvent = {
        rule: fired.kind,
        subject: `${vendor?.name ?? job.targetUrl}: ${SUBJECTS[fired.kind]}`,
        vendorId: job.vendorId,
        vendorName: vendor?.name ?? null,
        crawlJobId: job.id,
        link: changeLink(this.options.publicUrl, job.vendorId, job.id),
        details: fired.details,
        occurredAt: (job.completedAt ?? new Date()).toISOString(),
      };
      for (const channel of channels) {
        if (budget <= 0) return queued;
        const delivery = await this.alerts.createDelivery({
          userId: job.userId,
          workspaceId: job.workspaceId,
          channelId: channel.id,
          ruleId: fired.ruleId,
          ruleKind: fired.kind,
          crawlJobId: job.id,
          eventKey: fired.eventKey,
          event,
        });
        if (!delivery) continue;
        budget--;
        await this.enqueue(delivery.id);
        queued++;
      }
    }
    return queued;
  }
}

/** The events a crawl fires, most important first: the firing rules grouped by kind. */
function firedEvents(
  rules: AlertRuleRow[],
  job: CrawlJobRow,
  change: CrawlChangeRow | undefined,
  posture: DomainPostureFacts | null,
): FiredEvent[] {
  const byKind = new Map<AlertRuleKind, FiredEvent>();
  for (const rule of rules) {
    const details = ruleFires(rule, job, change, posture);
    if (!details) continue;
    const fired = byKind.get(rule.kind);
    if (fired) fired.details = [...new Set([...fired.details, ...details])];
    else byKind.set(rule.kind, { kind: rule.kind, ruleId: rule.id, details, eventKey: `${job.id}:${rule.kind}` });
  }
  const certificates = byKind.get('certificate_expiring');
  if (certificates) {
    // The widest window of the rules that fired decides which certificates the event names.
    const widest = Math.max(
      ...rules.flatMap((rule) => (rule.kind === 'certificate_expiring' && rule.withinDays ? [rule.withinDays] : [])),
    );
    const names = expiringCertificates(posture, widest).map((c) => `${c.host}@${c.validTo}`);
    const digest = createHash('sha256').update(names.join(',')).digest('hex').slice(0, 32);
    certificates.eventKey = `certificate:${job.vendorId ?? job.id}:${digest}`;
  }
  return EVENT_ORDER.flatMap((kind) => byKind.get(kind) ?? []);
}

/** One channel per place: a second channel of the same kind to the same address or URL gets nothing more. */
function oncePerTarget(channels: AlertChannelRow[]): AlertChannelRow[] {
  const seen = new Set<string>();
  return channels.filter((channel) => {
    const key = `${channel.kind}:${channel.targetFingerprint ?? channel.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
