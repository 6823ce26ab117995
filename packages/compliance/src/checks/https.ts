import { ALL_METHODS, type Check } from '../check';
import { finalUrlOf, indexOf } from '../crawl-index';
import { judgePages } from '../page-verdicts';
import { isHttpsUrl } from '../urls';

export const https: Check = {
  id: 'https',
  version: 1,
  group: 'transport',
  severity: 'critical',
  title: 'Every page is served over HTTPS',
  whyItMatters:
    'Over plain HTTP anyone on the network path can read and change what visitors see and send, from form data to downloads.',
  howToFix: 'Serve the whole site over HTTPS with a valid certificate and redirect every HTTP URL to its HTTPS twin.',
  methods: ALL_METHODS,
  evaluate(crawl) {
    return judgePages(
      indexOf(crawl).answered,
      (page) => {
        const url = finalUrlOf(page);
        return isHttpsUrl(url)
          ? { outcome: 'pass', detail: `Served from ${url}` }
          : { outcome: 'fail', detail: `Served over plain HTTP from ${url}` };
      },
      {
        pages: 'pages that answered',
        none: 'No page answered, so how the site is served cannot be judged',
        pass: 'Served over HTTPS',
        fail: 'Served over plain HTTP',
      },
    );
  },
};
