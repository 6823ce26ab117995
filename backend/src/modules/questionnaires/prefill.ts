import type { CheckEvidence, Contradiction, Prefill, QuestionEvidence } from '@vendorwatch/contracts';

/** A check's stored result, as the pre-fill reads it. */
export interface MappedCheckResult {
  checkId: string;
  outcome: string;
  summary: string;
  evidence: CheckEvidence[];
  evaluated: boolean;
}

/** Evidence lines shown per check: its summary and the first pieces of what it saw. */
const EVIDENCE_LINES = 5;

/** What the assessment saw for one check, in lines a vendor can read: the summary, then each page, header or library. */
export function evidenceLines(result: MappedCheckResult): string[] {
  const seen = result.evidence
    .slice(0, EVIDENCE_LINES - 1)
    .map(({ url, detail }) => (url && !detail.includes(url) ? `${detail} — ${url}` : detail));
  return [result.summary, ...seen];
}

/**
 * The answer the latest assessment gives a question mapped to checks: "yes" when every mapped check
 * passes, "no" when one fails or warns, with what each check saw. None (left for the vendor) when the
 * question maps to no check, there is no assessment, or a mapped check was not evaluated.
 */
export function prefillOf(checkIds: readonly string[], results: ReadonlyMap<string, MappedCheckResult>): Prefill | null {
  if (checkIds.length === 0) return null;
  const mapped = checkIds.map((checkId) => results.get(checkId));
  if (mapped.some((result) => !result || !result.evaluated || result.outcome === 'not_applicable')) return null;
  const evidence: QuestionEvidence[] = mapped.map((result) => ({
    checkId: result!.checkId,
    outcome: result!.outcome,
    evidence: evidenceLines(result!),
  }));
  return { answer: mapped.every((result) => result!.outcome === 'pass') ? 'yes' : 'no', evidence };
}

/** A "yes" where a mapped check fails in the latest assessment: the first such check, with its evidence. */
export function contradictionOf(
  answer: string | null,
  checkIds: readonly string[],
  results: ReadonlyMap<string, MappedCheckResult>,
): Contradiction | null {
  if (answer !== 'yes') return null;
  for (const checkId of checkIds) {
    const result = results.get(checkId);
    if (result && result.evaluated && result.outcome === 'fail') return { checkId, evidence: evidenceLines(result) };
  }
  return null;
}
