import { ALL_METHODS, type Check, fail, notEvaluated, onSite, pass, warn } from '../check';
import { hostOf, isHttpsUrl, isPlainHttpUrl } from '../urls';

/** Follows MDN HTTP Observatory's "redirection" test (src/analyzer/tests/redirection.js). */
export const httpRedirectsToHttps: Check = {
  id: 'http-redirects-to-https',
  version: 1,
  group: 'transport',
  severity: 'high',
  title: 'Plain HTTP redirects to HTTPS',
  whyItMatters:
    'Visitors who type the address or follow an old http:// link land on plain HTTP; unless it redirects at once, they browse unprotected.',
  howToFix:
    'Answer every http:// request with a permanent redirect (301 or 308) to the same host on https://, then redirect to any other host from there.',
  methods: ALL_METHODS,
  evaluate(crawl) {
    const entry = crawl.site.httpEntry;
    if (!entry) return notEvaluated('The plain-HTTP address was not requested during this crawl');
    const evidence = entry.hops.map((hop) =>
      onSite(
        hop.url,
        hop.location ? `${hop.statusCode} → ${hop.location}` : `${hop.statusCode}${hop.url === entry.finalUrl ? ' (final)' : ''}`,
      ),
    );
    const [first, second] = entry.hops;
    if (!first) {
      // As the Observatory says: nothing answers on plain HTTP, so nothing can be served over it.
      return pass(
        `${entry.requestedUrl} does not answer (${entry.error ?? 'no response'}), so nothing is served over plain HTTP`,
        [onSite(entry.requestedUrl, entry.error ?? 'no response')],
      );
    }
    if (!first.location || first.statusCode < 300 || first.statusCode >= 400)
      return fail(`${entry.requestedUrl} answers ${first.statusCode} without redirecting to HTTPS`, evidence);
    if (!entry.finalUrl)
      return fail(`The redirects from ${entry.requestedUrl} end in an error: ${entry.error ?? 'unknown'}`, evidence);
    if (!isHttpsUrl(entry.finalUrl)) return fail(`${entry.requestedUrl} ends at ${entry.finalUrl}, not on HTTPS`, evidence);
    const next = second?.url ?? first.location;
    if (isPlainHttpUrl(next))
      return warn(`Ends on HTTPS, but the first redirect goes to another HTTP address (${next})`, evidence);
    if (hostOf(next) !== hostOf(first.url))
      return warn(
        `The first redirect leaves ${hostOf(first.url)} for ${hostOf(next)}, so HSTS is never set for the first host`,
        evidence,
      );
    return pass(`${entry.requestedUrl} redirects to ${entry.finalUrl}`, evidence);
  },
};
