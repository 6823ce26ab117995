import { mainTextWithHash, type DocumentFacts } from '@vendorwatch/compliance';
import { Parser } from 'htmlparser2';
import { absoluteHttpUrl } from '../urls/canonical-url';
import {
  CONTACT_LINK,
  COOKIE_CONSENT_ATTRIBUTE,
  COOKIE_CONSENT_TEXT,
  COOKIES_LINK,
  EMAIL_DOMAIN,
  EMAIL_LOCAL_PART,
  IMPRINT_LINK,
  PHONE_TEXT,
  PRIVACY_LINK,
  SUBRESOURCE_ATTRIBUTES,
  TERMS_LINK,
} from './compliance-markers';
import type { ElementMatcher } from './element-matcher';
import { TemplateShapes } from './page-template';

/** Facts read from one HTML document; `facts` are what the compliance checks read. */
export interface PageDocument {
  title: string | null;
  description: string | null;
  /** Absolute http(s) links of `<a href>`/`<area href>`, without fragments, de-duplicated, in document order. */
  links: string[];
  facts: DocumentFacts;
  /** The content's text, one block a line (see tidyMainText), for change detection. */
  mainText: string;
  /** SHA-256 of the main text with volatile text masked (see comparableText). */
  mainTextHash: string;
  /** The page's template (see page-template.ts), when the reading asked for it; null for a document too large. */
  template?: string | null;
}

/** How a page is read beyond what every page gets: the vendor's ignored elements. */
export interface DocumentReading {
  ignore?: ElementMatcher | null;
  /** Read the page's template too (the adaptive method groups pages by it). */
  template?: boolean;
}

/** Never content: page chrome and what is not text. */
const OUTSIDE_MAIN = new Set([
  'head',
  'nav',
  'aside',
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'iframe',
  'select',
  'button',
]);
/** Landmarks of page chrome, unless inside the content (an article's own header is content). */
const CHROME = new Set(['header', 'footer']);
const CHROME_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'search']);
const CONTENT = new Set(['main', 'article']);
/** Elements that end a line of text, so words of two blocks never run together. */
const BLOCKS = new Set([
  'address',
  'article',
  'blockquote',
  'br',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'li',
  'main',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'td',
  'th',
  'tr',
  'ul',
]);
const IGNORES = 1;
const CONTENT_START = 2;

const MAX_TEXT = 200_000;
/** Read a little beyond what is stored, since whitespace collapses. */
const MAX_MAIN_TEXT_READ = 150_000;
const MAX_LINKS = 5000;
/** A title or description longer than these is cut: a page cannot make its row (or the report) huge. */
export const MAX_TITLE = 1000;
export const MAX_DESCRIPTION = 5000;
/** Anchor texts are read to classify links (privacy, terms…): their start says it. */
const MAX_ANCHOR_TEXT = 1000;
/** How many examples of each kind a page keeps: enough for evidence, bounded for storage. */
const KEEP = {
  policyLinks: 10,
  withoutAlt: 20,
  mixedContent: 50,
  subresources: 300,
  contacts: 10,
  metaCsp: 10,
  scripts: 100,
  stylesheets: 50,
  meta: 30,
} as const;
/** A policy in a `<meta>` element is kept up to this length: longer ones are cut, as header values are in evidence. */
const MAX_META_POLICY = 8192;
/** A meta tag's name and content are kept this long: a generator or application name fits. */
const MAX_META_NAME = 100;
const MAX_META_CONTENT = 300;

type PolicyKind = keyof DocumentFacts['policyLinks'];
const POLICY_KINDS: [PolicyKind, RegExp][] = [
  ['privacy', PRIVACY_LINK],
  ['terms', TERMS_LINK],
  ['imprint', IMPRINT_LINK],
  ['contact', CONTACT_LINK],
  ['cookies', COOKIES_LINK],
];

/**
 * Email addresses in a text, read around each `@` sign: a pattern run over a whole page tries every
 * position (it was most of a page's extraction time in a profile); anchored at an `@`, it is cheap.
 */
function emailsIn(text: string): string[] {
  const found: string[] = [];
  for (let at = text.indexOf('@'); at !== -1 && found.length < KEEP.contacts; at = text.indexOf('@', at + 1)) {
    const local = EMAIL_LOCAL_PART.exec(text.slice(Math.max(0, at - 64), at));
    const domain = EMAIL_DOMAIN.exec(text.slice(at + 1, at + 261));
    if (local && domain) found.push(`${local[0]}@${domain[0]}`);
  }
  return found;
}

/** A cookie banner is chrome too: its wording changes with the consent platform, not the vendor. */
const isConsentBanner = (attributes: Record<string, string>) =>
  (attributes.id !== undefined && COOKIE_CONSENT_ATTRIBUTE.test(attributes.id)) ||
  (attributes.class !== undefined && COOKIE_CONSENT_ATTRIBUTE.test(attributes.class));

/** Adds to a list while it has room, skipping repeats. */
const keep = (list: string[], value: string, max: number) => {
  if (list.length < max && !list.includes(value)) list.push(value);
};

/**
 * A streaming HTML reader (htmlparser2): feed chunks as they arrive and read the facts at the end,
 * without building a DOM. Used by every fetcher, so all methods describe a page the same way.
 */
export class HtmlExtractor {
  private readonly parser: Parser;
  private baseUrl: string;
  private readonly https: boolean;
  private title: string | null = null;
  private titleText = '';
  private inTitle = false;
  private svgDepth = 0;
  private description: string | null = null;
  private readonly links = new Set<string>();
  private anchor: { href: string; text: string } | null = null;
  // Every fact but the meta policies, which only pages that have them carry, and what fetchers add (the http
  // method's script banners, how the adaptive method read the page).
  private readonly facts: Required<Omit<DocumentFacts, 'metaPolicies' | 'scriptBanners' | 'readBy'>> &
    Pick<DocumentFacts, 'metaPolicies' | 'scriptBanners' | 'readBy'> = {
    lang: null,
    imagesTotal: 0,
    imagesWithoutAlt: 0,
    imagesWithoutAltSources: [],
    mixedContent: [],
    policyLinks: { privacy: [], terms: [], imprint: [], contact: [], cookies: [] },
    consentMarker: null,
    subresources: [],
    emails: [],
    phones: [],
    scripts: [],
    stylesheets: [],
    meta: [],
  };
  private text = '';
  private skipText = 0;
  /** Per open element: whether it started an ignored region or the content; closes pop it. */
  private readonly openFlags: number[] = [];
  private ignoreDepth = 0;
  private contentDepth = 0;
  private mainText = '';
  private readonly ignore: ElementMatcher | null;
  private readonly template: TemplateShapes | null;

  constructor(pageUrl: string, reading: DocumentReading = {}) {
    this.ignore = reading.ignore ?? null;
    this.template = reading.template ? new TemplateShapes() : null;
    this.baseUrl = pageUrl;
    this.https = pageUrl.startsWith('https:');
    this.parser = new Parser(
      {
        onopentag: (name, attributes) => this.open(name, attributes),
        onclosetag: (name) => this.close(name),
        ontext: (text) => this.onText(text),
      },
      { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
    );
  }

  write(chunk: string): void {
    this.parser.write(chunk);
  }

  end(): PageDocument {
    this.parser.end();
    if (!this.facts.consentMarker) {
      const match = COOKIE_CONSENT_TEXT.exec(this.text);
      if (match) this.facts.consentMarker = `text: "${match[0].slice(0, 80)}"`;
    }
    for (const email of emailsIn(this.text)) keep(this.facts.emails, email.toLowerCase(), KEEP.contacts);
    for (const phone of this.text.match(PHONE_TEXT) ?? []) keep(this.facts.phones, phone.trim(), KEEP.contacts);
    return {
      title: this.title,
      description: this.description,
      links: [...this.links],
      facts: this.facts,
      ...mainTextWithHash(this.mainText),
      ...(this.template && { template: this.template.end() }),
    };
  }

  private open(name: string, attributes: Record<string, string>): void {
    this.template?.open(name, attributes);
    this.openMain(name, attributes);
    if (name === 'svg') this.svgDepth++;
    if (name === 'script' || name === 'style' || name === 'noscript') this.skipText++;
    if (name === 'title' && this.svgDepth === 0 && this.title === null) {
      this.inTitle = true;
      this.titleText = '';
    }
    if (name === 'html' && attributes.lang?.trim()) this.facts.lang = attributes.lang.trim();
    if (name === 'base' && attributes.href) this.baseUrl = absoluteHttpUrl(attributes.href, this.baseUrl) ?? this.baseUrl;
    if (name === 'meta' && attributes.name?.toLowerCase() === 'description' && this.description === null) {
      this.description = attributes.content?.trim().slice(0, MAX_DESCRIPTION) || null;
    }
    if (name === 'meta') {
      this.metaPolicy(attributes);
      this.meta(attributes);
    }
    if ((name === 'a' || name === 'area') && attributes.href !== undefined) this.openLink(name, attributes);
    if (name === 'img') {
      this.facts.imagesTotal++;
      if (attributes.alt === undefined) {
        this.facts.imagesWithoutAlt++;
        keep(this.facts.imagesWithoutAltSources, attributes.src ?? '(no src)', KEEP.withoutAlt);
      }
    }
    this.subresources(name, attributes);
    if (!this.facts.consentMarker) {
      for (const key of ['id', 'class', 'src', 'aria-label', 'data-cookieconsent', 'data-nosnippet']) {
        const value = attributes[key];
        if (value && COOKIE_CONSENT_ATTRIBUTE.test(value)) {
          this.facts.consentMarker = `${name}[${key}="${value.slice(0, 80)}"]`;
          break;
        }
      }
    }
  }

  /**
   * Policies delivered in `<meta>`, read as MDN HTTP Observatory reads them (src/retriever/utils.js):
   * every `http-equiv="Content-Security-Policy"` (name trimmed, any case) is one more policy, and the
   * last `name="referrer"` is the page's referrer policy. Other http-equiv values (X-Frame-Options …)
   * are ignored, as browsers ignore them.
   */
  private metaPolicy(attributes: Record<string, string>): void {
    const content = attributes.content;
    if (!content) return;
    const httpEquiv = attributes['http-equiv']?.trim().toLowerCase();
    if (httpEquiv === 'content-security-policy') {
      const policies = (this.facts.metaPolicies ??= { contentSecurityPolicy: [], referrerPolicy: null });
      if (policies.contentSecurityPolicy.length < KEEP.metaCsp)
        policies.contentSecurityPolicy.push(content.slice(0, MAX_META_POLICY));
    } else if (httpEquiv === undefined && attributes.name?.trim().toLowerCase() === 'referrer') {
      const policies = (this.facts.metaPolicies ??= { contentSecurityPolicy: [], referrerPolicy: null });
      policies.referrerPolicy = content.slice(0, MAX_META_POLICY);
    }
  }

  private openLink(name: string, attributes: Record<string, string>): void {
    const href = attributes.href!.trim();
    if (href.toLowerCase().startsWith('mailto:'))
      keep(this.facts.emails, href.slice(7).split('?')[0]!.toLowerCase(), KEEP.contacts);
    if (href.toLowerCase().startsWith('tel:')) keep(this.facts.phones, href.slice(4), KEEP.contacts);
    const link = absoluteHttpUrl(href, this.baseUrl);
    if (link && this.links.size < MAX_LINKS) this.links.add(link);
    if (name === 'a') this.anchor = { href, text: '' };
    else this.classifyLink(href, attributes.alt ?? '');
  }

  /** Scripts, frames, styles and media the page loads; the http: ones on an https page are mixed content. */
  private subresources(name: string, attributes: Record<string, string>): void {
    const sources =
      SUBRESOURCE_ATTRIBUTES[name] ??
      (name === 'link' && /stylesheet|icon|preload|modulepreload/i.test(attributes.rel ?? '') ? ['href'] : []);
    for (const attribute of sources) {
      const value = attributes[attribute]?.trim();
      if (!value) continue;
      const absolute = absoluteHttpUrl(value, this.baseUrl);
      if (absolute) {
        keep(this.facts.subresources, absolute, KEEP.subresources);
        // Scripts and stylesheets by themselves: their file names and URLs tell libraries and technologies.
        if (name === 'script') keep(this.facts.scripts, absolute, KEEP.scripts);
        else if (name === 'link' && /stylesheet/i.test(attributes.rel ?? ''))
          keep(this.facts.stylesheets, absolute, KEEP.stylesheets);
      }
      if (this.https && value.toLowerCase().startsWith('http:')) keep(this.facts.mixedContent, value, KEEP.mixedContent);
    }
  }

  /** A named meta tag (`generator`, `application-name`, `og:site_name` …): technologies announce themselves there. */
  private meta(attributes: Record<string, string>): void {
    const name = (attributes.name ?? attributes.property)?.trim().toLowerCase();
    const content = attributes.content?.trim();
    const meta = this.facts.meta;
    if (!name || !content || meta.length >= KEEP.meta) return;
    meta.push({ name: name.slice(0, MAX_META_NAME), content: content.slice(0, MAX_META_CONTENT) });
  }

  /** Main text: what is outside chrome, scripts and the vendor's ignored elements. */
  private openMain(name: string, attributes: Record<string, string>): void {
    let flags = 0;
    if (this.ignoreDepth === 0) {
      const chrome =
        OUTSIDE_MAIN.has(name) ||
        (this.contentDepth === 0 && (CHROME.has(name) || CHROME_ROLES.has(attributes.role ?? ''))) ||
        attributes.hidden !== undefined ||
        attributes['aria-hidden'] === 'true' ||
        isConsentBanner(attributes);
      if (chrome || this.ignore?.(name, attributes)) flags |= IGNORES;
    }
    if (CONTENT.has(name)) flags |= CONTENT_START;
    if (flags & IGNORES) this.ignoreDepth++;
    if (flags & CONTENT_START) this.contentDepth++;
    this.openFlags.push(flags);
    if (BLOCKS.has(name)) this.mainText += '\n';
  }

  private closeMain(name: string): void {
    const flags = this.openFlags.pop() ?? 0;
    if (flags & IGNORES) this.ignoreDepth--;
    if (flags & CONTENT_START) this.contentDepth--;
    if (BLOCKS.has(name)) this.mainText += '\n';
  }

  private close(name: string): void {
    this.template?.close();
    this.closeMain(name);
    if (name === 'svg' && this.svgDepth > 0) this.svgDepth--;
    if ((name === 'script' || name === 'style' || name === 'noscript') && this.skipText > 0) this.skipText--;
    if (name === 'title' && this.inTitle) {
      this.inTitle = false;
      this.title = this.titleText.replace(/\s+/g, ' ').trim().slice(0, MAX_TITLE) || null;
    }
    if (name === 'a' && this.anchor) {
      this.classifyLink(this.anchor.href, this.anchor.text);
      this.anchor = null;
    }
  }

  private onText(text: string): void {
    // Whitespace collapses after reading: a margin beyond the limit keeps the cut title full.
    if (this.inTitle && this.titleText.length < MAX_TITLE * 4) this.titleText += text;
    if (this.anchor && this.anchor.text.length < MAX_ANCHOR_TEXT) this.anchor.text += text;
    if (this.skipText === 0 && this.text.length < MAX_TEXT) this.text += text;
    if (this.ignoreDepth === 0 && this.mainText.length < MAX_MAIN_TEXT_READ) this.mainText += text;
  }

  /** A link whose address or wording names a privacy policy, terms, imprint, contact or cookie page. */
  private classifyLink(href: string, text: string): void {
    const link = absoluteHttpUrl(href, this.baseUrl);
    if (!link) return;
    const subject = `${href} ${text}`;
    for (const [kind, pattern] of POLICY_KINDS)
      if (pattern.test(subject)) keep(this.facts.policyLinks[kind], link, KEEP.policyLinks);
  }
}
