import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, publicUrl, type AppConfig } from '@vendorwatch/runtime';

/**
 * Where email links may send the browser. The redirect carries the new session's tokens, so an
 * address the operator did not allow (PUBLIC_URL's origin or AUTH_REDIRECT_URLS) falls back to
 * the site itself, as Supabase Auth does with its allow list.
 */
@Injectable()
export class RedirectPolicy {
  private readonly site: string;
  private readonly allowedOrigins: Set<string>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.site = new URL(publicUrl(config)).toString();
    this.allowedOrigins = new Set([this.site, ...config.AUTH_REDIRECT_URLS].flatMap(originOf));
  }

  resolve(requested: string | undefined): string {
    if (!requested) return this.site;
    const url = parse(requested);
    return url && this.allowedOrigins.has(url.origin) ? url.toString() : this.site;
  }

  /** `base` with the parameters as its fragment, which reaches the browser and never a server log. */
  withFragment(base: string, params: Record<string, string>): string {
    const url = new URL(base);
    url.hash = new URLSearchParams(params).toString();
    return url.toString();
  }
}

function parse(text: string): URL | undefined {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

const originOf = (text: string): string[] => {
  const url = parse(text);
  return url ? [url.origin] : [];
};
