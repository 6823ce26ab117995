import type { Page } from 'puppeteer';
import { sleep } from '../../primitives/abort';

const jitter = (min: number, max: number) => min + Math.random() * (max - min);

/**
 * simulateHumanBehavior: move the mouse and scroll down the page in uneven steps with uneven
 * pauses, so lazy content loads and the visit looks less like a script.
 */
export async function behaveLikeAHuman(page: Page, signal: AbortSignal): Promise<void> {
  await page.mouse.move(jitter(100, 900), jitter(100, 600), { steps: 5 });
  for (let step = 0; step < 4; step++) {
    // Source text: this runs in the page, where the DOM types of the Node build do not exist.
    const atBottom = await page.evaluate(`(() => {
      window.scrollBy(0, window.innerHeight * (0.5 + Math.random() * 0.4));
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    })()`);
    await sleep(jitter(80, 250), signal);
    if (atBottom) break;
  }
  await page.evaluate('window.scrollTo(0, 0)');
}
