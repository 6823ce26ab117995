import { ALL_METHODS, type Check } from '../check';
import { indexOf } from '../crawl-index';
import { judgePages } from '../page-verdicts';

/** A BCP 47 tag in its common shapes: "en", "de-CH", "zh-Hant-TW", "es-419". */
const LANGUAGE_TAG = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i;

export const htmlLang: Check = {
  id: 'html-lang',
  version: 1,
  group: 'content_hygiene',
  severity: 'medium',
  title: 'Every page declares its language (<html lang>)',
  whyItMatters:
    'Screen readers choose their voice and pronunciation from the lang attribute, and browsers use it to offer translation (WCAG 3.1.1).',
  howToFix: 'Set `<html lang="en">` (or the page\'s language) on every page.',
  methods: ALL_METHODS,
  evaluate(crawl) {
    return judgePages(
      indexOf(crawl).htmlPages.filter((page) => page.document),
      (page) => {
        const lang = page.document!.lang?.trim();
        if (!lang) return { outcome: 'fail', detail: '<html> has no lang attribute' };
        if (!LANGUAGE_TAG.test(lang))
          return { outcome: 'fail', detail: `<html lang="${lang.slice(0, 40)}"> is not a language tag` };
        return { outcome: 'pass', detail: `<html lang="${lang}">` };
      },
      { pages: 'HTML pages', none: 'No HTML page was parsed', pass: 'A valid <html lang>', fail: 'No valid <html lang>' },
    );
  },
};
