import { ALL_METHODS, type Check, notApplicable, onPage, pass, warn } from '../check';
import { indexOf } from '../crawl-index';
import { count, listOf } from '../text';
import { describeHost, thirdPartyHosts } from '../third-parties';

/** Above this many third-party hosts, the list itself is a finding: each is a party that sees every visitor. */
export const MANY_THIRD_PARTIES = 20;

export const thirdPartyHostsCheck: Check = {
  id: 'third-party-hosts',
  version: 1,
  group: 'privacy_legal',
  severity: 'low',
  title: `Third-party hosts contacted (at most ${MANY_THIRD_PARTIES})`,
  whyItMatters:
    'Every third-party host a page loads from learns who visits it and can change what the page does; the list is what a data-processing review starts from.',
  howToFix:
    'Review the list: self-host fonts and libraries, drop unused tags, and name the remaining processors in the privacy policy.',
  methods: ALL_METHODS,
  evaluate(crawl) {
    const index = indexOf(crawl);
    if (index.htmlPages.length === 0) return notApplicable('No HTML page answered, so no third parties can be listed');
    const hosts = thirdPartyHosts(index);
    const source = index.htmlPages.some((page) => page.browser) ? 'requested by the browser' : 'referenced in the HTML';
    const evidence = hosts.map((host) =>
      onPage(host.firstPage, `${host.host}: ${describeHost(host)}, on ${count(host.pages, 'page')}, e.g. ${host.firstUrl}`),
    );
    const summary = `${count(hosts.length, 'third-party host')} ${source}${hosts.length ? `: ${listOf(hosts.map((host) => host.host))}` : ''}`;
    return hosts.length > MANY_THIRD_PARTIES ? warn(summary, evidence) : pass(summary, evidence);
  },
};
