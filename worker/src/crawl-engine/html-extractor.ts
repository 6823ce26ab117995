import { Parser } from 'htmlparser2';
import {
  COOKIE_CONSENT_ATTRIBUTE,
  COOKIE_CONSENT_TEXT,
  PRIVACY_LINK,
  SUBRESOURCE_ATTRIBUTES,
  TERMS_LINK,
} from './compliance-markers';
import { absoluteHttpUrl } from './canonical-url';

/** Facts read from one HTML document; `signals` feed the compliance checks. */
export interface PageDocument {
  title: string | null;
  description: string | null;
  /** Absolute, normalised http(s) links of `<a href>`/`<area href>`, de-duplicated, in document order. */
  links: string[];
  signals: DocumentSignals;
}

export interface DocumentSignals {
  hasPrivacyPolicyLink: boolean;
  hasTermsLink: boolean;
  cookieConsentFound: boolean;
  /** What gave the consent banner away (an attribute value or wording), for the report's detail. */
  cookieConsentMarker: string | null;
  mixedContentCount: number;
  imagesTotal: number;
  imagesWithoutAlt: number;
  lang: string | null;
}

const MAX_TEXT = 200_000;

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
  private readonly signals: DocumentSignals = {
    hasPrivacyPolicyLink: false,
    hasTermsLink: false,
    cookieConsentFound: false,
    cookieConsentMarker: null,
    mixedContentCount: 0,
    imagesTotal: 0,
    imagesWithoutAlt: 0,
    lang: null,
  };
  private text = '';
  private skipText = 0;

  constructor(pageUrl: string) {
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
    if (!this.signals.cookieConsentFound) {
      const match = COOKIE_CONSENT_TEXT.exec(this.text);
      if (match) this.markConsent(`text: "${match[0].slice(0, 80)}"`);
    }
    return { title: this.title, description: this.description, links: [...this.links], signals: this.signals };
  }

  private open(name: string, attributes: Record<string, string>): void {
    if (name === 'svg') this.svgDepth++;
    if (name === 'script' || name === 'style' || name === 'noscript') this.skipText++;
    if (name === 'title' && this.svgDepth === 0 && this.title === null) {
      this.inTitle = true;
      this.titleText = '';
    }
    if (name === 'html' && attributes.lang) this.signals.lang = attributes.lang;
    if (name === 'base' && attributes.href) this.baseUrl = absoluteHttpUrl(attributes.href, this.baseUrl) ?? this.baseUrl;
    if (name === 'meta' && attributes.name?.toLowerCase() === 'description' && this.description === null) {
      this.description = attributes.content?.trim() || null;
    }
    if ((name === 'a' || name === 'area') && attributes.href !== undefined) {
      const link = absoluteHttpUrl(attributes.href, this.baseUrl);
      if (link) this.links.add(link);
      if (name === 'a') this.anchor = { href: attributes.href, text: '' };
      else this.classifyLink(attributes.href, attributes.alt ?? '');
    }
    if (name === 'img') {
      this.signals.imagesTotal++;
      if (attributes.alt === undefined) this.signals.imagesWithoutAlt++;
    }
    if (this.https) {
      const sources =
        SUBRESOURCE_ATTRIBUTES[name] ??
        (name === 'link' && /stylesheet|icon|preload/i.test(attributes.rel ?? '') ? ['href'] : []);
      for (const attribute of sources)
        if (attributes[attribute]?.trim().toLowerCase().startsWith('http:')) this.signals.mixedContentCount++;
    }
    if (!this.signals.cookieConsentFound) {
      for (const key of ['id', 'class', 'src', 'aria-label', 'data-cookieconsent', 'data-nosnippet']) {
        const value = attributes[key];
        if (value && COOKIE_CONSENT_ATTRIBUTE.test(value)) {
          this.markConsent(`${name}[${key}="${value.slice(0, 80)}"]`);
          break;
        }
      }
    }
  }

  private close(name: string): void {
    if (name === 'svg' && this.svgDepth > 0) this.svgDepth--;
    if ((name === 'script' || name === 'style' || name === 'noscript') && this.skipText > 0) this.skipText--;
    if (name === 'title' && this.inTitle) {
      this.inTitle = false;
      this.title = this.titleText.replace(/\s+/g, ' ').trim() || null;
    }
    if (name === 'a' && this.anchor) {
      this.classifyLink(this.anchor.href, this.anchor.text);
      this.anchor = null;
    }
  }

  private onText(text: string): void {
    if (this.inTitle) this.titleText += text;
    if (this.anchor) this.anchor.text += text;
    if (this.skipText === 0 && this.text.length < MAX_TEXT) this.text += text;
  }

  private classifyLink(href: string, text: string): void {
    const subject = `${href} ${text}`;
    if (PRIVACY_LINK.test(subject)) this.signals.hasPrivacyPolicyLink = true;
    if (TERMS_LINK.test(subject)) this.signals.hasTermsLink = true;
  }

  private markConsent(marker: string): void {
    this.signals.cookieConsentFound = true;
    this.signals.cookieConsentMarker = marker;
  }
}
