import { ALL_METHODS, type Check, fail, notApplicable, onPage, pass } from '../check';
import { indexOf } from '../crawl-index';
import { count } from '../text';

export const imprintContact: Check = {
  id: 'imprint-contact',
  version: 1,
  group: 'privacy_legal',
  severity: 'medium',
  title: 'Imprint or contact information published',
  whyItMatters:
    'Visitors, customers and authorities must be able to reach the company behind a site; EU law (e.g. the German TMG/DDG imprint duty, the e-Commerce Directive) requires it.',
  howToFix: 'Link an imprint or contact page from every page, or show a contact email address or phone number.',
  methods: ALL_METHODS,
  evaluate(crawl) {
    const { htmlPages } = indexOf(crawl);
    if (htmlPages.length === 0) return notApplicable('No HTML page answered, so no contact information can be looked for');
    const seen = new Set<string>();
    const evidence = htmlPages.flatMap((page) => {
      const { policyLinks, emails, phones } = page.document ?? {
        policyLinks: { imprint: [], contact: [] },
        emails: [],
        phones: [],
      };
      const found = [
        ...policyLinks.imprint.map((link) => `Imprint link ${link}`),
        ...policyLinks.contact.map((link) => `Contact link ${link}`),
        ...emails.map((email) => `Email ${email}`),
        ...phones.map((phone) => `Phone ${phone}`),
      ].filter((item) => !seen.has(item) && seen.add(item));
      return found.map((item) => onPage(page, item));
    });
    if (evidence.length === 0)
      return fail(
        `No imprint or contact link, email or phone number on any HTML page (${count(htmlPages.length, 'page')} checked)`,
      );
    return pass(
      `Contact information found: ${evidence[0].detail}${evidence.length > 1 ? ` and ${evidence.length - 1} more` : ''}`,
      evidence,
    );
  },
};
