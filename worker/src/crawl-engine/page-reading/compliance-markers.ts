/**
 * What the compliance signals look for in a page. Kept together so a reviewer can see (and extend)
 * every heuristic in one place.
 */
export const PRIVACY_LINK = /privacy|datenschutz|confidentialit|privacidad|gdpr/i;
export const TERMS_LINK = /terms|conditions|\btos\b|legal|agb|nutzungsbedingungen|conditions-generales/i;
export const IMPRINT_LINK = /imprint|impressum|legal[-_ ]notice|mentions[-_ ]l[ée]gales|company[-_ ]information|aviso[-_ ]legal/i;
export const CONTACT_LINK = /contact|kontakt|get[-_ ]in[-_ ]touch|contacto|nous[-_ ]contacter/i;
export const COOKIES_LINK = /cookie[-_ ]?(policy|notice|statement|richtlinie|settings)|cookies\b/i;

/** Contact details in a page's text. */
export const EMAIL_LOCAL_PART = /[A-Z0-9._%+-]{1,64}$/i;
export const EMAIL_DOMAIN = /^[A-Z0-9-]{1,63}(?:\.[A-Z0-9-]{1,63}){0,8}\.[A-Z]{2,24}/i;
export const PHONE_TEXT = /(?:\+|\b00)\d[\d ().-]{6,18}\d|\(\d{2,5}\)[\d .-]{5,14}\d/g;

/** Consent-management platforms and the usual id/class names of home-made banners. */
export const COOKIE_CONSENT_ATTRIBUTE =
  /cookie[-_ ]?(consent|banner|notice|bar|law|policy|popup|settings)|cookiebot|onetrust|optanon|usercentrics|didomi|quantcast|osano|klaro|iubenda|termly|cookieyes|complianz|trustarc|cmp-banner|gdpr-consent|\bcc-(window|banner)\b/i;
/** Banner wording, when no known attribute gives it away. */
export const COOKIE_CONSENT_TEXT =
  /\bcookies?\b[^.]{0,120}\b(accept|consent|agree|allow|reject|preferences)\b|\b(accept|allow|reject)\b[^.]{0,40}\bcookies?\b/i;

/** Attributes that load a subresource (an http: one on an https page is mixed content). */
export const SUBRESOURCE_ATTRIBUTES: Record<string, string[]> = {
  img: ['src'],
  script: ['src'],
  iframe: ['src'],
  audio: ['src'],
  video: ['src', 'poster'],
  source: ['src'],
  embed: ['src'],
  object: ['data'],
  track: ['src'],
};
