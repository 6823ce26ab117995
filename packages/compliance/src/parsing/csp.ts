import { type CrawlIndex, finalUrlOf } from '../crawl-index';
import type { AssessedPage } from '../input';
import { isHttpsUrl } from '../urls';

/**
 * Content-Security-Policy as MDN HTTP Observatory judges it (mdn/mdn-http-observatory,
 * `src/analyzer/tests/csp.js` and `src/analyzer/cspParser.js`): the same directive fallbacks, the
 * same "dangerously broad" sources, nonces and hashes making 'unsafe-inline' moot, 'strict-dynamic'
 * only with a nonce or hash, and the same order of findings, worst first.
 *
 * Policies come from the response header (several, comma-separated) and from `<meta http-equiv>`
 * elements, and are combined as the Observatory combines them: a browser enforces every policy, so
 * a directive allows only the sources each policy that has it allows (a directive the first policy
 * lacks allows nothing). `frame-ancestors`, `report-uri` and `sandbox` have no effect in `<meta>`
 * (HTML standard), so frame-ancestors is read from the header alone.
 */

/** Worst first, as the Observatory ranks them. */
export type CspFinding =
  | 'not-implemented'
  | 'report-only'
  | 'invalid'
  | 'unsafe-inline'
  | 'insecure-scheme'
  | 'unsafe-eval'
  | 'insecure-scheme-passive'
  | 'unsafe-inline-style-only'
  | 'default-src-none'
  | 'no-unsafe';

export interface CspAnalysis {
  finding: CspFinding;
  /** `frame-ancestors` present and not dangerously broad in some enforced policy (header only). */
  frameAncestorsProtect: boolean;
  /** The frame-ancestors sources as written in the first policy that has them, for evidence. */
  frameAncestors: string | null;
  /** `upgrade-insecure-requests` in some enforced policy. */
  upgradeInsecureRequests: boolean;
}

type Policy = Map<string, Set<string>>;

const DANGEROUSLY_BROAD = ['ftp:', 'http:', 'https:', '*', 'http://*', 'http://*.*', 'https://*', 'https://*.*'];
const BROAD = new Set(DANGEROUSLY_BROAD);
const BROAD_OR_INLINE = new Set([...DANGEROUSLY_BROAD, "'unsafe-inline'", 'data:']);
const NONCE_OR_HASH = ["'sha256-", "'sha384-", "'sha512-", "'nonce-"];
const PASSIVE_DIRECTIVES = ['img-src', 'media-src'];
const REPEATABLE = new Set(['report-uri', 'report-to']);
// The Observatory rejects policies shorter than its shortest useful directive ("img-src" less one).
const SHORTEST_POLICY = 'img-src'.length - 1;

class InvalidPolicy extends Error {}

/** One policy's directives; a repeated directive (other than reporting ones) makes it invalid, as in the Observatory. */
function parsePolicy(text: string): Policy {
  const clean = text.replace(/[\r\n]/g, '').trim();
  if (clean.length < SHORTEST_POLICY) throw new InvalidPolicy(text);
  const policy: Policy = new Map();
  for (const entry of clean.split(';')) {
    const [name, ...sources] = entry.trim().split(/\s+/);
    if (!name) continue;
    const directive = name.toLowerCase();
    if (policy.has(directive)) {
      if (REPEATABLE.has(directive)) continue;
      throw new InvalidPolicy(text);
    }
    const values = sources.map((source) => source.toLowerCase());
    // A source list with nothing in it allows nothing.
    if (values.length === 0 && directive.endsWith('-src')) values.push("'none'");
    policy.set(directive, new Set(values));
  }
  return policy;
}

/** A header value may hold several policies, comma-separated (RFC 9110 list syntax); empty members are ignored. */
const splitPolicies = (header: string) =>
  header
    .split(',')
    .map((policy) => policy.trim())
    .filter(Boolean);

/** Directives a `<meta>` policy cannot set (HTML standard); the Observatory drops them too. */
const HEADER_ONLY_DIRECTIVES = ['frame-ancestors', 'report-uri', 'sandbox'];

/**
 * Whether two sources name the same thing: equal, or one a path prefix of the other
 * (`https://a.test/js/` and `https://a.test/js/app.js`), as the Observatory's pathPartMatch.
 */
const sameSource = (a: string, b: string) =>
  a === b || (a.endsWith('/') && b.startsWith(a)) || (b.endsWith('/') && a.startsWith(b));

/** The sources both lists allow, keeping the narrower of each matching pair; nothing left allows nothing. */
function intersect(before: Set<string>, after: Set<string>): Set<string> {
  const kept = new Set<string>();
  for (const a of before) for (const b of after) if (sameSource(a, b)) kept.add(a.length >= b.length ? a : b);
  return kept.size ? kept : new Set(["'none'"]);
}

/** The policies a browser enforces together, as one (see the module comment). */
function combine(policies: Policy[]): Policy {
  const combined: Policy = new Map();
  policies.forEach((policy, i) => {
    for (const [directive, sources] of policy) {
      const before = combined.get(directive);
      if (i === 0) combined.set(directive, new Set(sources));
      else combined.set(directive, before ? intersect(before, sources) : new Set(["'none'"]));
    }
  });
  return combined;
}

const hasNonceOrHash = (sources: Set<string>) => [...sources].some((source) => NONCE_OR_HASH.some((p) => source.startsWith(p)));
const hasInsecureScheme = (sources: Iterable<string>) => [...sources].some((s) => s.startsWith('http:') || s.startsWith('ftp:'));

interface PolicyFlags {
  invalid: boolean;
  unsafeInline: boolean;
  insecureScheme: boolean;
  unsafeEval: boolean;
  insecureSchemePassive: boolean;
  unsafeInlineStyle: boolean;
  defaultNone: boolean;
}

function flagsOf(policy: Policy, https: boolean): PolicyFlags {
  const fallback = (directive: string) => new Set(policy.get(directive) ?? policy.get('default-src') ?? ['*']);
  const scriptSrc = fallback('script-src');
  const styleSrc = fallback('style-src');
  const objectSrc = fallback('object-src');
  let invalid = false;

  for (const sources of [scriptSrc, styleSrc]) if (hasNonceOrHash(sources)) sources.delete("'unsafe-inline'");
  if (scriptSrc.has("'strict-dynamic'")) {
    if (hasNonceOrHash(scriptSrc)) {
      // With 'strict-dynamic' browsers ignore host and scheme sources, 'self' and 'unsafe-inline'.
      for (const source of [...scriptSrc])
        if (source === "'self'" || source === "'unsafe-inline'" || DANGEROUSLY_BROAD.some((b) => source.startsWith(b)))
          scriptSrc.delete(source);
    } else {
      invalid = true;
    }
  }

  const active: string[] = [...scriptSrc];
  for (const [directive, sources] of policy)
    if (directive !== 'script-src' && !PASSIVE_DIRECTIVES.includes(directive)) active.push(...sources);
  const passive = PASSIVE_DIRECTIVES.flatMap((directive) => [...(policy.get(directive) ?? policy.get('default-src') ?? [])]);
  const defaultSrc = policy.get('default-src');

  return {
    invalid,
    unsafeInline: [...scriptSrc].some((s) => BROAD_OR_INLINE.has(s)) || [...objectSrc].some((s) => BROAD.has(s)),
    insecureScheme: https && hasInsecureScheme(active),
    unsafeEval: scriptSrc.has("'unsafe-eval'") || styleSrc.has("'unsafe-eval'"),
    insecureSchemePassive: https && hasInsecureScheme(passive),
    unsafeInlineStyle: [...styleSrc].some((s) => BROAD_OR_INLINE.has(s)),
    defaultNone: defaultSrc !== undefined && defaultSrc.size === 1 && defaultSrc.has("'none'"),
  };
}

/** The Observatory's findings about what a policy lets through, in its order: the first that holds is the result. */
const PERMISSIVE_FINDINGS: [CspFinding, keyof PolicyFlags][] = [
  ['unsafe-inline', 'unsafeInline'],
  ['insecure-scheme', 'insecureScheme'],
  ['unsafe-eval', 'unsafeEval'],
  ['insecure-scheme-passive', 'insecureSchemePassive'],
  ['unsafe-inline-style-only', 'unsafeInlineStyle'],
];

/**
 * Judges a page's CSP from its headers (names lower-cased, repeated headers joined with ", ") and the
 * policies of its `<meta http-equiv="Content-Security-Policy">` elements. `https`: whether the page
 * was served over HTTPS (http: sources then count as insecure).
 */
export function analyseCsp(headers: Record<string, string>, https: boolean, metaPolicies: readonly string[] = []): CspAnalysis {
  const none: CspAnalysis = {
    finding: 'not-implemented',
    frameAncestorsProtect: false,
    frameAncestors: null,
    upgradeInsecureRequests: false,
  };
  const header = headers['content-security-policy'];
  let headerPolicies: Policy[];
  let fromMeta: Policy[];
  try {
    // A header sent with nothing in it is a policy that cannot be parsed, as the Observatory reads it.
    headerPolicies = header === undefined ? [] : header.trim() ? splitPolicies(header).map(parsePolicy) : [parsePolicy('')];
    fromMeta = metaPolicies.map(parsePolicy);
  } catch (error) {
    if (error instanceof InvalidPolicy) return { ...none, finding: 'invalid' };
    throw error;
  }
  for (const policy of fromMeta) for (const directive of HEADER_ONLY_DIRECTIVES) policy.delete(directive);
  const policies = [...headerPolicies, ...fromMeta.filter((policy) => policy.size > 0)];
  if (policies.length === 0)
    return { ...none, finding: headers['content-security-policy-report-only'] ? 'report-only' : 'not-implemented' };

  const framing = combine(headerPolicies).get('frame-ancestors');
  const frameAncestorsProtect = framing !== undefined && [...framing].every((s) => !BROAD.has(s));
  const frameAncestors = framing ? [...framing].join(' ') : null;
  const upgradeInsecureRequests = policies.some((policy) => policy.has('upgrade-insecure-requests'));

  const flags = flagsOf(combine(policies), https);
  const permissive = PERMISSIVE_FINDINGS.find(([, flag]) => flags[flag]);
  const finding: CspFinding = flags.invalid
    ? 'invalid'
    : (permissive?.[0] ?? (flags.defaultNone ? 'default-src-none' : 'no-unsafe'));
  return { finding, frameAncestorsProtect, frameAncestors, upgradeInsecureRequests };
}

/** The CSP policies a page delivers in `<meta>` elements. */
export const metaCspOf = (page: AssessedPage): string[] => page.document?.metaPolicies?.contentSecurityPolicy ?? [];

/** A page's CSP analysis, memoised per crawl: most pages of a site send the same policy. */
export function cspOfPage(index: CrawlIndex, page: AssessedPage): CspAnalysis {
  const https = isHttpsUrl(finalUrlOf(page));
  const { 'content-security-policy': policy, 'content-security-policy-report-only': reportOnly } = page.headers;
  const meta = metaCspOf(page);
  const key = JSON.stringify([https, reportOnly !== undefined, policy ?? null, meta]);
  return index.memo('csp', key, () => analyseCsp(page.headers, https, meta));
}
