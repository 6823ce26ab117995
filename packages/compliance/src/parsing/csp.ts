import { type CrawlIndex, finalUrlOf } from '../crawl-index';
import type { AssessedPage } from '../input';
import { isHttpsUrl } from '../urls';

/**
 * Content-Security-Policy as MDN HTTP Observatory judges it (mdn/mdn-http-observatory,
 * `src/analyzer/tests/csp.js` and `src/analyzer/cspParser.js`): the same directive fallbacks, the
 * same "dangerously broad" sources, nonces and hashes making 'unsafe-inline' moot, 'strict-dynamic'
 * only with a nonce or hash, and the same order of findings, worst first.
 *
 * One difference: the Observatory merges several policies into one source list per directive; here
 * each policy is judged alone and a permissive finding holds only if every policy has it — a browser
 * enforces all of them, so a script runs only if each policy lets it.
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

/** A header value may hold several policies, comma-separated (RFC 9110 list syntax). */
const splitPolicies = (header: string) =>
  header
    .split(',')
    .map((policy) => policy.trim())
    .filter(Boolean);

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
 * Judges a page's CSP from its headers (names lower-cased, repeated headers joined with ", ").
 * `https`: whether the page was served over HTTPS (http: sources then count as insecure).
 */
export function analyseCsp(headers: Record<string, string>, https: boolean): CspAnalysis {
  const none: CspAnalysis = {
    finding: 'not-implemented',
    frameAncestorsProtect: false,
    frameAncestors: null,
    upgradeInsecureRequests: false,
  };
  const header = headers['content-security-policy'];
  const texts = header ? splitPolicies(header) : [];
  if (texts.length === 0)
    return { ...none, finding: headers['content-security-policy-report-only'] ? 'report-only' : 'not-implemented' };

  let policies: Policy[];
  try {
    policies = texts.map(parsePolicy);
  } catch (error) {
    if (error instanceof InvalidPolicy) return { ...none, finding: 'invalid' };
    throw error;
  }
  const withFrameAncestors = policies.filter((policy) => policy.has('frame-ancestors'));
  const frameAncestorsProtect = withFrameAncestors.some((policy) =>
    [...policy.get('frame-ancestors')!].every((s) => !BROAD.has(s)),
  );
  const frameAncestors = withFrameAncestors.length ? [...withFrameAncestors[0].get('frame-ancestors')!].join(' ') : null;
  const upgradeInsecureRequests = policies.some((policy) => policy.has('upgrade-insecure-requests'));

  const flags = policies.map((policy) => flagsOf(policy, https));
  // A permissive finding holds only when every enforced policy permits it.
  const permissive = PERMISSIVE_FINDINGS.find(([, flag]) => flags.every((f) => f[flag]));
  const finding: CspFinding = flags.some((f) => f.invalid)
    ? 'invalid'
    : (permissive?.[0] ?? (flags.some((f) => f.defaultNone) ? 'default-src-none' : 'no-unsafe'));
  return { finding, frameAncestorsProtect, frameAncestors, upgradeInsecureRequests };
}

/** A page's CSP analysis, memoised per crawl: most pages of a site send the same policy. */
export function cspOfPage(index: CrawlIndex, page: AssessedPage): CspAnalysis {
  const https = isHttpsUrl(finalUrlOf(page));
  const { 'content-security-policy': policy = '', 'content-security-policy-report-only': reportOnly } = page.headers;
  return index.memo('csp', `${https}\u0000${reportOnly !== undefined}\u0000${policy}`, () => analyseCsp(page.headers, https));
}
