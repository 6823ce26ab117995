import { Inject, Injectable } from '@nestjs/common';
import { LIMITS, MESSAGES, VENDOR_PORTAL_PATH, vendorLinkTokenSchema, type VendorLinkKind } from '@vendorwatch/contracts';
import { VendorLinksRepository, type VendorLinkRow, type VendorLinkWithNames, type WorkspaceId } from '@vendorwatch/db';
import { APP_CONFIG, publicUrl, type AppConfig } from '@vendorwatch/runtime';
import { NotFoundError } from '../../common/errors';
import { digestOf, newOpaqueToken } from '../auth-server/opaque-tokens';
import { LinkGuessLimiter } from './link-guess-limiter';

const DAY_MS = 24 * 3600_000;

export interface IssueVendorLink {
  workspaceId: WorkspaceId;
  vendorId: string;
  kind: VendorLinkKind;
  /** The request's id. */
  subjectId: string;
  contactEmail: string;
}

export interface IssuedVendorLink {
  link: VendorLinkRow;
  /** The link's secret: put in the email, never stored (only its SHA-256 is). */
  token: string;
  /** `PUBLIC_URL/vendor-portal/<token>`. */
  url: string;
}

/** A live link, as the portal routes get it: its request's kind and id, and the names the page shows. */
export type OpenedVendorLink = VendorLinkWithNames;

/**
 * The vendor link, for every kind of request to a vendor (remediation now, questionnaires next):
 * issued with 256 random bits of which only the SHA-256 is kept, resolved by that hash, dead when
 * cancelled or closed more than LIMITS.remediation.closedLinkDays ago. A dead, unknown or malformed
 * token answers the same 404, and failed lookups are limited per client address (LinkGuessLimiter).
 */
@Injectable()
export class VendorLinksService {
  constructor(
    private readonly links: VendorLinksRepository,
    private readonly guesses: LinkGuessLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async issue(input: IssueVendorLink): Promise<IssuedVendorLink> {
    const token = newOpaqueToken();
    const link = await this.links.create({ ...input, tokenHash: digestOf(token) });
    return { link, token, url: this.urlOf(token) };
  }

  urlOf(token: string): string {
    return `${publicUrl(this.config)}${VENDOR_PORTAL_PATH}/${token}`;
  }

  /**
   * The live link the token opens, of this kind; otherwise 404 "This link is no longer valid", the
   * same for every reason. `clientAddress` counts failures (429 once too many from one address).
   */
  async resolve(
    token: string,
    kind: VendorLinkKind,
    clientAddress: string | undefined,
    now = new Date(),
  ): Promise<OpenedVendorLink> {
    await this.guesses.check(clientAddress);
    const parsed = vendorLinkTokenSchema.safeParse(token);
    const link = parsed.success ? await this.links.findByTokenHash(digestOf(parsed.data)) : undefined;
    if (!link || link.kind !== kind || !isLive(link, now)) {
      await this.guesses.failed(clientAddress);
      throw new NotFoundError(MESSAGES.remediation.linkInvalid);
    }
    return link;
  }

  /**
   * The kind of request a live token opens, or undefined: lets one portal route serve every kind.
   * Counts nothing — the kind's own `resolve` then counts a failure once.
   */
  async kindOf(token: string, now = new Date()): Promise<VendorLinkKind | undefined> {
    const parsed = vendorLinkTokenSchema.safeParse(token);
    const link = parsed.success ? await this.links.findByTokenHash(digestOf(parsed.data)) : undefined;
    return link && isLive(link, now) ? link.kind : undefined;
  }

  markViewed(link: VendorLinkRow, now = new Date()): Promise<void> {
    return this.links.markViewed(link.id, now);
  }

  cancel(kind: VendorLinkKind, subjectId: string, now = new Date()): Promise<void> {
    return this.links.cancel(kind, subjectId, now);
  }

  close(kind: VendorLinkKind, subjectId: string, now = new Date()): Promise<void> {
    return this.links.close(kind, subjectId, now);
  }

  findBySubject(kind: VendorLinkKind, subjectId: string): Promise<VendorLinkRow | undefined> {
    return this.links.findBySubject(kind, subjectId);
  }
}

/** Not cancelled, and not closed for longer than the closed-link period. */
export function isLive(link: Pick<VendorLinkRow, 'cancelledAt' | 'closedAt'>, now: Date): boolean {
  if (link.cancelledAt) return false;
  return !link.closedAt || now.getTime() - link.closedAt.getTime() <= LIMITS.remediation.closedLinkDays * DAY_MS;
}
