import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import {
  fill,
  LIMITS,
  MESSAGES,
  type AlertChannel,
  type AlertChannelInput,
  type AlertDelivery,
  type ConfirmedAlertEmail,
  type CreatedAlertChannel,
} from '@vendorwatch/contracts';
import { AlertsRepository, UsersRepository, type AlertChannelRow, type WorkspaceId } from '@vendorwatch/db';
import { APP_CONFIG, JobQueues, publicUrl, SecretBox, storedTarget, type AppConfig } from '@vendorwatch/runtime';
import { createHash, randomBytes } from 'node:crypto';
import { BadRequestError, ConflictError, DomainError, NotFoundError } from '../../common/errors';
import type { WorkspaceContext } from '../access/workspace-context';
import { AuditTrail } from '../audit-log/audit-trail';
import { RateLimitedError, UserRateLimiter } from '../fair-use/user-rate-limiter';
import { AlertConfirmationMailer } from './alert-confirmation-mailer';
import { deliveryOf } from './alert-views';

/** Where the app shows the alert settings: test alerts link there. */
export const ALERTS_SCREEN_PATH = '/settings/alerts';
/** The app page a confirmation link opens (it posts the token to /api/alerts/confirm-email). */
const CONFIRM_PAGE_PATH = '/confirm-alert-email';
/** Channels stored before webhook URLs were encrypted, fixed per batch at start-up. */
const LEGACY_BATCH = 500;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A workspace's alert channels. None of them can be made a relay: an email address receives nothing but
 * its confirmation link until that link is opened, every message a caller can trigger by hand (a test
 * alert, the link again) counts against their expensive-request allowance and waits out a cooldown
 * per channel, a second channel to the same place is refused, and webhook URLs are stored encrypted
 * and shown masked.
 */
@Injectable()
export class AlertChannelsService implements OnApplicationBootstrap {
  private readonly logger = new Logger(AlertChannelsService.name);

  constructor(
    private readonly alerts: AlertsRepository,
    private readonly users: UsersRepository,
    private readonly secrets: SecretBox,
    private readonly limiter: UserRateLimiter,
    private readonly mailer: AlertConfirmationMailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queues: JobQueues,
    private readonly trail: AuditTrail,
  ) {}

  /** Webhook URLs stored in clear by an earlier version are encrypted (not awaited: start-up does not wait on it). */
  onApplicationBootstrap(): void {
    void this.protectStoredTargets().catch((error: unknown) =>
      this.logger.warn(`Encrypting stored webhook URLs failed: ${(error as Error).message}`),
    );
  }

  async list(workspaceId: WorkspaceId): Promise<AlertChannel[]> {
    return (await this.alerts.listChannels(workspaceId)).map(channelOf);
  }

  /**
   * A webhook gets a signing secret, stored encrypted and shown in this answer only. An email
   * address is pending until the link sent to it is opened (the signed-in caller's own confirmed
   * address needs none); without SMTP an email channel could never send, so it is refused.
   */
  async create(workspace: WorkspaceContext, input: AlertChannelInput): Promise<CreatedAlertChannel> {
    const { workspaceId, actor } = workspace;
    if (input.kind === 'email' && !this.mailer.configured) throw new BadRequestError(MESSAGES.alerts.emailNeedsSmtp);
    if ((await this.alerts.countChannels(workspaceId)) >= LIMITS.alerts.maxChannels)
      throw new BadRequestError(MESSAGES.alerts.tooManyChannels);
    const stored = storedTarget(this.secrets, input.kind, input.target);
    if (await this.alerts.hasChannelTo(workspaceId, input.kind, stored.targetFingerprint))
      throw new ConflictError(MESSAGES.alerts.duplicateChannel);
    // An API key has no address of its own: what it adds is confirmed through the link like anyone's.
    const confirmed =
      input.kind === 'webhook' || (actor.type === 'user' && (await this.isOwnConfirmedAddress(actor.id, stored.target)));
    if (!confirmed) await this.limiter.consume('expensive', workspace.userId);
    const secret = input.kind === 'webhook' ? `whsec_${randomBytes(24).toString('base64url')}` : null;
    const row = await this.alerts.createChannel({
      userId: workspace.userId,
      workspaceId,
      name: input.name,
      kind: input.kind,
      ...stored,
      secretEncrypted: secret ? this.secrets.encrypt(secret) : null,
      confirmedAt: confirmed ? new Date() : null,
      lastRequestedSendAt: confirmed ? null : new Date(),
    });
    if (!confirmed) {
      try {
        await this.sendConfirmation(row);
      } catch (error) {
        // Not added without its link: the user adds it again, rather than keep a channel that cannot confirm.
        await this.alerts.deleteChannel(workspaceId, row.id);
        throw error;
      }
    }
    return { ...channelOf(row), secret };
  }

  async remove(workspaceId: WorkspaceId, id: string): Promise<void> {
    if (!(await this.alerts.deleteChannel(workspaceId, id))) throw new NotFoundError(MESSAGES.alerts.channelNotFound);
  }

  /** Records a test alert to a confirmed channel and queues it like any other: the deliveries list shows how it went. */
  async sendTest(workspace: WorkspaceContext, channelId: string): Promise<AlertDelivery> {
    const found = await this.owned(workspace.workspaceId, channelId);
    if (!found.confirmedAt) throw new ConflictError(MESSAGES.alerts.channelPending);
    const channel = await this.claimSend(workspace, found);
    const delivery = (await this.alerts.createDelivery({
      userId: workspace.userId,
      workspaceId: workspace.workspaceId,
      channelId,
      ruleKind: 'test',
      event: {
        rule: 'test',
        subject: 'Vendorwatch test alert',
        vendorId: null,
        vendorName: null,
        crawlJobId: null,
        link: `${publicUrl(this.config)}${ALERTS_SCREEN_PATH}`,
        details: [`A test of the channel "${channel.name}"`],
        occurredAt: new Date().toISOString(),
      },
    }))!;
    await this.queues.enqueue('deliverAlert', { deliveryId: delivery.id });
    return deliveryOf({ ...delivery, channelName: channel.name });
  }

  /** Sends a pending email channel's confirmation link again (a new link: the previous one stops working). */
  async resendConfirmation(workspace: WorkspaceContext, channelId: string): Promise<AlertChannel> {
    const found = await this.owned(workspace.workspaceId, channelId);
    if (found.confirmedAt) throw new ConflictError(MESSAGES.alerts.channelAlreadyConfirmed);
    const channel = await this.claimSend(workspace, found);
    await this.sendConfirmation(channel);
    return channelOf(channel);
  }

  /** Opens a confirmation link: single use, until it lapses. Public: whoever reads the address may confirm it. */
  /** The address's holder confirms it; the workspace's audit log records who (the address) and when. */
  async confirm(token: string, clientAddress: string | null): Promise<ConfirmedAlertEmail> {
    const channel = await this.trail.recordWith(
      () => this.alerts.confirmByToken(tokenHash(token)),
      (confirmed) =>
        confirmed
          ? {
              workspaceId: confirmed.workspaceId,
              actor: { type: 'user', id: null, label: confirmed.target },
              action: 'alert_channel.confirm',
              targetType: 'alert_channel',
              targetId: confirmed.id,
              summary: { name: confirmed.name, kind: confirmed.kind, email: confirmed.target },
              clientAddress,
            }
          : null,
    );
    if (!channel) throw new BadRequestError(MESSAGES.alerts.confirmationInvalid);
    return { email: channel.target };
  }

  private async owned(workspaceId: WorkspaceId, channelId: string): Promise<AlertChannelRow> {
    const channel = await this.alerts.findChannel(workspaceId, channelId);
    if (!channel) throw new NotFoundError(MESSAGES.alerts.channelNotFound);
    return channel;
  }

  /** A message the caller asked for: counted against their expensive-request allowance, then the channel's cooldown. */
  private async claimSend(workspace: WorkspaceContext, channel: AlertChannelRow): Promise<AlertChannelRow> {
    await this.limiter.consume('expensive', workspace.userId);
    const cooldown = this.config.ALERT_TEST_COOLDOWN_SECONDS;
    const claimed = await this.alerts.claimRequestedSend(workspace.workspaceId, channel.id, cooldown);
    if (claimed) return claimed;
    const seconds = Math.max(1, await this.alerts.cooldownLeft(channel.id, cooldown));
    throw new RateLimitedError(fill(MESSAGES.alerts.sendCooldown, { seconds }), seconds);
  }

  private async sendConfirmation(channel: AlertChannelRow): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.config.ALERT_EMAIL_CONFIRMATION_EXPIRY_SECONDS * 1000);
    await this.alerts.setConfirmation(channel.id, tokenHash(token), expiresAt);
    const link = `${publicUrl(this.config)}${CONFIRM_PAGE_PATH}?token=${token}`;
    try {
      await this.mailer.send(channel.target, channel.name, link);
    } catch (error) {
      this.logger.warn(`Confirmation email for alert channel ${channel.id} not sent: ${(error as Error).message}`);
      throw new DomainError(502, MESSAGES.alerts.confirmationSendFailed);
    }
  }

  /**
   * The caller's sign-in address, confirmed by the link of the embedded auth, needs no second proof.
   * Not when sign-ups are confirmed without email (AUTH_AUTOCONFIRM) or accounts live elsewhere.
   */
  private async isOwnConfirmedAddress(userId: string, address: string): Promise<boolean> {
    if (this.config.AUTH_AUTOCONFIRM || this.config.SUPABASE_URL) return false;
    const user = await this.users.findById(userId);
    return Boolean(user?.emailConfirmedAt) && user!.email.toLowerCase() === address;
  }

  /** Gives every channel stored before this version its fingerprint, and encrypts (and masks) its webhook URL. */
  private async protectStoredTargets(): Promise<void> {
    for (;;) {
      const rows = await this.alerts.listChannelsWithoutFingerprint(LEGACY_BATCH);
      for (const row of rows) await this.alerts.updateStoredTarget(row.id, storedTarget(this.secrets, row.kind, row.target));
      if (rows.length < LEGACY_BATCH) return;
    }
  }
}

const channelOf = (row: AlertChannelRow): AlertChannel => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  target: row.target,
  status: row.confirmedAt ? 'confirmed' : 'pending',
  createdAt: row.createdAt.toISOString(),
});
