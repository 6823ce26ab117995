import type { TextGetter } from './http-client';
import { loadRobots, type RobotsRules } from './robots';

/** robots.txt per origin, fetched once per crawl run (a resumed run fetches it again: it may have changed). */
export class RobotsCache {
  private readonly byOrigin = new Map<string, Promise<RobotsRules>>();
  private readonly loaded = new Map<string, RobotsRules>();

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

  /** The rules of an origin if they are already loaded (robots.txt itself is fetched before they are). */
  peek(origin: string): RobotsRules | undefined {
    return this.loaded.get(origin);
  }
}
