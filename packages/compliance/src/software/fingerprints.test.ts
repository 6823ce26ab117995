import { type Detection, type FingerprintItems, matchFingerprints } from './fingerprints';

/** wappalyzer-core's own matcher, which runs every pattern of every technology on every value. */
interface Reference {
  analyze(items: FingerprintItems, technologies?: unknown[]): Detection[];
  requires: { name: string; technologies: unknown[] }[];
  categoryRequires: { categoryId: number; technologies: unknown[] }[];
}

/** What wappalyzer-core detects, with its passes for the technologies that require another or a category. */
function referenceDetections(items: FingerprintItems): Detection[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const core = require('wappalyzer-core') as Reference;
  const detections = core.analyze(items);
  const found = new Set(detections.map((detection) => detection.technology.name));
  for (const { name, technologies } of core.requires) if (found.has(name)) detections.push(...core.analyze(items, technologies));
  const categories = new Set(detections.flatMap((detection) => detection.technology.categories));
  for (const { categoryId, technologies } of core.categoryRequires)
    if (categories.has(categoryId)) detections.push(...core.analyze(items, technologies));
  return detections;
}

const summary = (detections: Detection[]) =>
  detections.map(({ technology, pattern, version }) => [technology.name, pattern.type, pattern.value, version].join(' | '));

describe('fingerprint matching by literals first', () => {
  it('detects exactly what wappalyzer-core detects, in its order', () => {
    const items: FingerprintItems = {
      url: 'https://www.example.com/shop/',
      headers: {
        server: ['nginx/1.18.0'],
        'x-powered-by': ['PHP/7.4.3', 'Express'],
        'cf-ray': ['7d1c2b3a4f5e6a7b-AMS'],
        'x-shopify-stage': ['production'],
        via: ['1.1 varnish'],
      },
      meta: { generator: ['WordPress 6.4.2'], 'application-name': ['Drupal'] },
      cookies: { phpsessid: ['abc123'], _ga: ['GA1.2.3'], laravel_session: ['x'] },
      scriptSrc: [
        'https://www.example.com/wp-includes/js/jquery/jquery-1.12.4.min.js',
        'https://www.googletagmanager.com/gtag/js?id=G-1',
        'https://cdn.jsdelivr.net/npm/bootstrap@5.3.2/dist/js/bootstrap.bundle.min.js',
        'https://www.example.com/wp-content/plugins/woocommerce/assets/js/frontend/cart.min.js',
        'https://js.stripe.com/v3/',
        'https://static.hotjar.com/c/hotjar-123.js?sv=6',
      ],
      scripts: '/*! jQuery v3.6.0 | (c) OpenJS Foundation */\n/*! Bootstrap v3.3.7 (http://getbootstrap.com) */',
      html: '<link rel="stylesheet" href="https://www.example.com/wp-content/themes/twentytwenty/style.css">',
    };
    const ours = summary(matchFingerprints(items).detections);
    expect(ours.length).toBeGreaterThan(10);
    expect(ours).toEqual(summary(referenceDetections(items)));
  });

  it('finds nothing where nothing could match', () => {
    expect(matchFingerprints({ url: 'https://www.example.com/', headers: { 'x-nothing': ['at all'] } }).detections).toEqual(
      referenceDetections({ url: 'https://www.example.com/', headers: { 'x-nothing': ['at all'] } }),
    );
  });
});
