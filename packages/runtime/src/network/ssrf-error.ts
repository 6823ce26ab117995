/** A fetch the SSRF guard refused: never retried, recorded on the page with its reason. */
export class SsrfRefusedError extends Error {
  override readonly name = 'SsrfRefusedError';
  readonly code = 'ERR_SSRF_REFUSED';

  /** `liftable`: CRAWL_ALLOW_PRIVATE_NETWORKS would allow it (never so for metadata and link-local addresses). */
  constructor(reason: string, liftable = true) {
    super(
      `Refused by the SSRF guard: ${reason}` +
        (liftable ? ' (set CRAWL_ALLOW_PRIVATE_NETWORKS=true to allow private networks)' : ''),
    );
  }
}

/** undici wraps connect errors; this finds ours in the cause chain. */
export function findSsrfRefusal(error: unknown): SsrfRefusedError | null {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    if (current instanceof SsrfRefusedError) return current;
    if ((current as { code?: string }).code === 'ERR_SSRF_REFUSED') return current as SsrfRefusedError;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
