import { originOf } from '../urls/canonical-url';
import type { TextGetter } from '../fetchers/http/http-client';
import { loadRobots, type RobotsRules } from './robots';

/** Answers remembered per crawl run, bounded. */
const MEMO_SIZE = 10_000;

/** robots.txt per origin, fetched once per crawl run (a resumed run fetches it again: it may have changed). */
export class RobotsCache {
  private readonly byOrigin = new Map<string, Promise<RobotsRules>>();
  private readonly loaded = new Map<string, RobotsRules>();
  private readonly refusals = new Map<string, string | null>();

  constructor(
    private readonly getText: TextGetter,
    private readonly signal: AbortSignal,
  ) {}

  get(origin: string): Promise<RobotsRules> {
    let rules = this.byOrigin.get(origin);
    if (!rules) {
      rules = loadRobots(this.getText, origin, this.signal);
      rules.then(
        (loaded) => this.loaded.set(origin, loaded),
        () => this.byOrigin.delete(origin),
      );
      this.byOrigin.set(origin, rules);
    }
    return rules;
  }

  /**
   * Why robots.txt keeps `url` out (the site disallows it, or asks every crawler away), or null when
   * it may be fetched. A crawl asks about the same links on page after page: each is answered once.
   */
  async refusal(url: string): Promise<string | null> {
    const known = this.refusals.get(url);
    if (known !== undefined) return known;
    const rules = await this.get(originOf(url));
    const refusal = rules.disallowAllReason ?? (rules.isAllowed(url) ? null : 'Disallowed by robots.txt');
    if (this.refusals.size >= MEMO_SIZE) this.refusals.delete(this.refusals.keys().next().value!);
    this.refusals.set(url, refusal);
    return refusal;
  }

  /** The rules of an origin if they are already loaded (robots.txt itself is fetched before they are). */
  peek(origin: string): RobotsRules | undefined {
    return this.loaded.get(origin);
  }
}
