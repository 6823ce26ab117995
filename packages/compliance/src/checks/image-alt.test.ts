import { runCheck } from '../run-check';
import { crawlOf, pageOf } from '../testing/builders';
import { imageAlt } from './image-alt';

describe('image-alt', () => {
  it('passes when every image has alt', () => {
    const result = runCheck(imageAlt, crawlOf({ pages: [pageOf({ document: { imagesTotal: 4 } })] }));
    expect(result.outcome).toBe('pass');
    expect(result.evidence[0].detail).toBe('Alt on all 4 images');
  });

  it('fails naming the images without alt', () => {
    const page = pageOf({
      document: { imagesTotal: 5, imagesWithoutAlt: 2, imagesWithoutAltSources: ['/logo.png', '/team.jpg'] },
    });
    const result = runCheck(
      imageAlt,
      crawlOf({ pages: [page, pageOf({ url: 'https://www.vendor.test/a', document: { imagesTotal: 1 } })] }),
    );
    expect(result.outcome).toBe('fail');
    expect(result.summary).toBe('Images without alt on 1 of 2 pages with images');
    expect(result.evidence[0].detail).toBe('Without alt: 2 of 5 images (/logo.png, /team.jpg)');
  });

  it('is not applicable when no page has images', () => {
    expect(runCheck(imageAlt, crawlOf()).outcome).toBe('not_applicable');
  });
});
