import { ALL_METHODS, type Check } from '../check';
import { indexOf } from '../crawl-index';
import { judgePages } from '../page-verdicts';
import { count, listOf } from '../text';

export const imageAlt: Check = {
  id: 'image-alt',
  version: 1,
  group: 'content_hygiene',
  severity: 'medium',
  title: 'Images have alt text',
  whyItMatters:
    'Screen-reader users hear nothing, or a file name, for an image without alt; WCAG 1.1.1 requires a text alternative.',
  howToFix: 'Give every <img> an alt attribute: a short description, or alt="" for purely decorative images.',
  methods: ALL_METHODS,
  evaluate(crawl) {
    return judgePages(
      indexOf(crawl).htmlPages.filter((page) => (page.document?.imagesTotal ?? 0) > 0),
      (page) => {
        const { imagesTotal, imagesWithoutAlt, imagesWithoutAltSources } = page.document!;
        if (imagesWithoutAlt === 0) return { outcome: 'pass', detail: `Alt on all ${count(imagesTotal, 'image')}` };
        const sources = listOf(imagesWithoutAltSources);
        return {
          outcome: 'fail',
          detail: `Without alt: ${imagesWithoutAlt} of ${count(imagesTotal, 'image')}${sources ? ` (${sources})` : ''}`,
        };
      },
      { pages: 'pages with images', none: 'No page has images', pass: 'Every image has alt', fail: 'Images without alt' },
    );
  },
};
