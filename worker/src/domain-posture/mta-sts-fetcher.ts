import type { MtaStsPolicyFacts } from '@vendorwatch/compliance';
import { type AddressGuard, createGuardedAgent, findSsrfRefusal } from '@vendorwatch/runtime';
import { parsePolicy, validateMx } from 'mailauth/lib/mta-sts';
import { type Agent, request } from 'undici';

/** RFC 8461 §3.3: a policy file is small; a larger answer is refused rather than read. */
const MAX_POLICY_BYTES = 64 * 1024;

export interface MtaStsFetcherOptions {
  guard: AddressGuard;
  /** The whole request — connect, headers and every byte of the body — within this, however slowly the server sends. */
  timeoutMs: number;
  /** The crawl's posture deadline (its budget, the job's cancel or shutdown): the request stops with it. */
  signal?: AbortSignal;
  /** Certificates to trust besides the system's (tests serve the policy with their own CA). */
  ca?: string[];
  /** RFC 8461 fixes port 443; tests serve the policy host elsewhere. */
  port?: number;
}

/**
 * Reads `https://mta-sts.<domain>/.well-known/mta-sts.txt` as a sending server would: TLS verified
 * (a policy behind an untrusted certificate is no policy), redirects not followed (only a 200 counts), the host resolved by the
 * assessment's resolver and checked by the SSRF guard like every crawl request. mailauth parses the
 * policy and matches the domain's MX hosts against it. One deadline covers the whole request: a
 * server dripping a byte at a time is cut off there (a timeout between chunks alone would read it for
 * days), and what was not read is "could not be read", never a failure of the crawl.
 */
export class MtaStsFetcher {
  private readonly agent: Agent;

  constructor(private readonly options: MtaStsFetcherOptions) {
    this.agent = createGuardedAgent(options.guard, { connectTimeoutMs: options.timeoutMs, ca: options.ca });
  }

  async fetch(domain: string, mxHosts: string[]): Promise<MtaStsPolicyFacts> {
    const host = `mta-sts.${domain}`;
    const url = `https://${host}${this.options.port ? `:${this.options.port}` : ''}/.well-known/mta-sts.txt`;
    const facts: MtaStsPolicyFacts = { url, statusCode: null, body: null, policy: null, unlistedMx: [], error: null };
    const overall = AbortSignal.timeout(this.options.timeoutMs);
    const signal = this.options.signal ? AbortSignal.any([overall, this.options.signal]) : overall;
    try {
      const response = await request(url, {
        dispatcher: this.agent,
        headersTimeout: this.options.timeoutMs,
        bodyTimeout: this.options.timeoutMs,
        signal,
      });
      facts.statusCode = response.statusCode;
      const body = await readCapped(response.body);
      if (response.statusCode !== 200) {
        facts.error = `HTTP ${response.statusCode}`;
        return facts;
      }
      facts.body = body;
      const policy = parsePolicy(body);
      facts.policy = {
        mode: policy.mode,
        mx: policy.mx ?? [],
        maxAge: Number.isFinite(policy.maxAge) ? (policy.maxAge ?? null) : null,
      };
      facts.unlistedMx = mxHosts.filter((mx) => !validateMx(mx, policy).valid);
    } catch (error) {
      const refusal = findSsrfRefusal(error);
      facts.notRead = signal.aborted;
      facts.error = signal.aborted
        ? overall.aborted
          ? `not read within ${this.options.timeoutMs} ms`
          : 'not read: the posture read was stopped (out of time or cancelled)'
        : (refusal?.message ?? describe(error));
    }
    return facts;
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

async function readCapped(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > MAX_POLICY_BYTES) {
      body.destroy();
      throw new Error(`policy larger than ${MAX_POLICY_BYTES} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The innermost message of an error (undici wraps connect errors): "self-signed certificate", "connect ECONNREFUSED". */
function describe(error: unknown): string {
  let current = error as { message?: string; cause?: unknown; code?: string } | undefined;
  while (current?.cause && typeof current.cause === 'object') current = current.cause as typeof current;
  const code = current?.code && !current.message?.includes(current.code) ? ` (${current.code})` : '';
  return `${current?.message ?? String(error)}${code}`;
}
