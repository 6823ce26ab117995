import { ALL_METHODS, type Check, notApplicable, onPage, pass, warn } from '../check';
import { indexOf } from '../crawl-index';
import { count, listOf } from '../text';
import { type ContactedHost, describeHost, thirdPartyHosts } from '../third-parties';

/** Above this many third-party hosts, the list itself is a finding: each is a party that sees every visitor. */
export const MANY_THIRD_PARTIES = 20;

export const thirdPartyHostsCheck: Check = {
  id: 'third-party-hosts',
  version: 2,
  group: 'privacy_legal',
  severity: 'low',
  title: `Third-party hosts contacted (at most ${MANY_THIRD_PARTIES})`,
  whyItMatters:
    'Every third-party host a page loads from learns who visits it and can change what the page does; the companies behind them are the fourth parties a data-processing review has to name.',
  howToFix:
    'Review the list: self-host fonts and libraries, drop unused tags, and name the remaining processors in the privacy policy.',
  methods: ALL_METHODS,
  evaluate(crawl) {
    const index = indexOf(crawl);
    if (index.htmlPages.length === 0) return notApplicable('No HTML page answered, so no third parties can be listed');
    const hosts = thirdPartyHosts(index);
    const source = index.htmlPages.some((page) => page.browser) ? 'requested by the browser' : 'referenced in the HTML';
    const evidence = hosts.map((host) =>
      onPage(
        host.firstPage,
        `${host.host}: ${describeHost(host)}${companyOf(host)}, on ${count(host.pages, 'page')}, e.g. ${host.firstUrl}`,
      ),
    );
    const summary = `${count(hosts.length, 'third-party host')} ${source}${hosts.length ? `${companiesOf(hosts)}: ${listOf(hosts.map((host) => host.host))}` : ''}`;
    // Past the limit, each host is part of the finding: one more is a new finding, whatever the outcome was.
    return hosts.length > MANY_THIRD_PARTIES
      ? { ...warn(summary, evidence), findings: hosts.map((host) => host.host) }
      : pass(summary, evidence);
  },
};

/** " — company Google" for a host the data knows. */
const companyOf = (host: ContactedHost) => (host.company ? ` — company ${host.company}` : '');

/** ", run by 2 known companies (Google, Hotjar) and 1 unknown". */
function companiesOf(hosts: ContactedHost[]): string {
  const companies = [...new Set(hosts.map((host) => host.company).filter((company): company is string => company !== null))];
  const unknown = hosts.filter((host) => host.company === null).length;
  const parts: string[] = [];
  if (companies.length) parts.push(`${count(companies.length, 'known company', 'known companies')} (${listOf(companies)})`);
  if (unknown) parts.push(`${unknown} unknown`);
  return `, run by ${parts.join(' and ')}`;
}
