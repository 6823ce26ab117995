import { createRequire } from 'node:module';

/** One consent-management platform: every entry of `all` must match, each by any one of its selectors. */
export interface ConsentDetector {
  name: string;
  all: string[][];
}

interface AutoconsentStep {
  exists?: string | string[];
  visible?: string | string[];
  any?: AutoconsentStep[];
  eval?: string;
}

interface AutoconsentRule {
  name: string;
  runContext?: { urlPattern?: string; main?: boolean; frame?: boolean };
  detectCmp?: AutoconsentStep[];
}

/**
 * The platforms autoconsent recognises in code rather than in its rule list, with the elements its
 * detectors look for (lib/cmps/*.ts of @duckduckgo/autoconsent).
 */
const CODED_PLATFORMS: ConsentDetector[] = [
  { name: 'Onetrust', all: [['#onetrust-banner-sdk', '#onetrust-pc-sdk']] },
  { name: 'Cybotcookiebot', all: [['#CybotCookiebotDialog', '#dtcookie-container', '#cookiebanner', '#cb-cookieoverlay']] },
  { name: 'consentmanager.net', all: [['#cmpbox']] },
  { name: 'Klaro', all: [['.klaro > .cookie-modal', '.klaro > .cookie-notice']] },
  { name: 'TrustArc-top', all: [['#truste-show-consent', '#truste-consent-track']] },
  { name: 'Evidon', all: [['#_evidon_banner']] },
  { name: 'Uniconsent', all: [['.unic .unic-box', '.unic .unic-bar', '.unic .unic-modal']] },
  { name: 'Conversant', all: [['.cmp-root .cmp-receptacle']] },
];

/** A step as any-of selectors, or null when it cannot be decided by selectors alone (a script, a frame chain). */
function selectorsOf(step: AutoconsentStep): string[] | null {
  if (step.eval !== undefined) return null;
  if (step.any) {
    const options = step.any.map(selectorsOf);
    return options.every((option) => option !== null) ? options.flat() : null;
  }
  const selector = step.exists ?? step.visible;
  if (typeof selector === 'string') return [selector];
  // An array is a path through shadow roots or frames: not something one querySelector can follow.
  if (Array.isArray(selector) && selector.length === 1) return [selector[0]!];
  return null;
}

function loadRules(): { pattern: RegExp | null; detector: ConsentDetector }[] {
  const rules = (createRequire(__filename)('@duckduckgo/autoconsent/rules/rules.json') as { autoconsent: AutoconsentRule[] })
    .autoconsent;
  const fromList = rules.flatMap((rule) => {
    if (!rule.detectCmp?.length || rule.runContext?.frame || rule.runContext?.main === false) return [];
    const all = rule.detectCmp.map(selectorsOf);
    if (all.some((selectors) => selectors === null)) return [];
    const pattern = rule.runContext?.urlPattern ? new RegExp(rule.runContext.urlPattern) : null;
    return [{ pattern, detector: { name: rule.name, all: all as string[][] } }];
  });
  return [...CODED_PLATFORMS.map((detector) => ({ pattern: null, detector })), ...fromList];
}

let rules: ReturnType<typeof loadRules> | null = null;

/**
 * The consent-platform detectors that apply to a page: @duckduckgo/autoconsent's published rules
 * (those decided by selectors in the top document), site-specific ones only on their own sites.
 */
export function consentDetectorsFor(pageUrl: string): ConsentDetector[] {
  rules ??= loadRules();
  return rules.filter(({ pattern }) => !pattern || pattern.test(pageUrl)).map(({ detector }) => detector);
}
