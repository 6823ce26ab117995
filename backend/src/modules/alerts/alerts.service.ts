import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import {
  LIMITS,
  MESSAGES,
  type AlertChannel,
  type AlertChannelInput,
  type AlertDelivery,
  type AlertRule,
  type AlertRuleInput,
  type CreatedAlertChannel,
  type Paginated,
} from '@vendorwatch/contracts';
import { AlertsRepository, type AlertChannelRow, type AlertRuleRow } from '@vendorwatch/db';
import { APP_CONFIG, createQueue, enqueueAlertDelivery, publicUrl, SecretBox, type AppConfig } from '@vendorwatch/runtime';
import { randomBytes } from 'node:crypto';
import { BadRequestError, NotFoundError } from '../../common/errors';

/** A user's alert channels and rules, the deliveries made, and a test alert per channel. */
@Injectable()
export class AlertsService implements OnModuleDestroy {
  private readonly queue;

  constructor(
    private readonly alerts: AlertsRepository,
    private readonly secrets: SecretBox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.queue = createQueue(config, 'deliverAlert', 'producer');
  }

  async onModuleDestroy(): Promise<void> {
    await this.queue.close();
  }

  async channels(userId: string): Promise<AlertChannel[]> {
    return (await this.alerts.listChannels(userId)).map(channelOf);
  }

  /** A webhook gets a signing secret, stored encrypted and shown in this answer only. */
  async createChannel(userId: string, input: AlertChannelInput): Promise<CreatedAlertChannel> {
    if ((await this.alerts.countChannels(userId)) >= LIMITS.alerts.maxChannels)
      throw new BadRequestError(MESSAGES.alerts.tooManyChannels);
    const secret = input.kind === 'webhook' ? `whsec_${randomBytes(24).toString('base64url')}` : null;
    const row = await this.alerts.createChannel({
      userId,
      name: input.name,
      kind: input.kind,
      target: input.target,
      secretEncrypted: secret ? this.secrets.encrypt(secret) : null,
    });
    return { ...channelOf(row), secret };
  }

  async deleteChannel(userId: string, id: string): Promise<void> {
    if (!(await this.alerts.deleteChannel(userId, id))) throw new NotFoundError(MESSAGES.alerts.channelNotFound);
  }

  async rules(userId: string): Promise<AlertRule[]> {
    return (await this.alerts.listRules(userId)).map(ruleOf);
  }

  async createRule(userId: string, input: AlertRuleInput): Promise<AlertRule> {
    if ((await this.alerts.countRules(userId)) >= LIMITS.alerts.maxRules) throw new BadRequestError(MESSAGES.alerts.tooManyRules);
    const row = await this.alerts.createRule({
      userId,
      kind: input.kind,
      minSeverity: input.kind === 'check_fails' ? input.minSeverity : null,
      thresholdPercent: input.kind === 'pages_changed' ? input.thresholdPercent : null,
    });
    return ruleOf(row);
  }

  async deleteRule(userId: string, id: string): Promise<void> {
    if (!(await this.alerts.deleteRule(userId, id))) throw new NotFoundError(MESSAGES.alerts.ruleNotFound);
  }

  /** Records a test alert to the channel and queues it like any other: the deliveries list shows how it went. */
  async sendTest(userId: string, channelId: string): Promise<AlertDelivery> {
    const channel = await this.alerts.findChannel(userId, channelId);
    if (!channel) throw new NotFoundError(MESSAGES.alerts.channelNotFound);
    const delivery = (await this.alerts.createDelivery({
      userId,
      channelId,
      ruleKind: 'test',
      event: {
        rule: 'test',
        subject: 'Vendorwatch test alert',
        vendorId: null,
        vendorName: null,
        crawlJobId: null,
        link: `${publicUrl(this.config)}/settings/alerts`,
        details: [`A test of the channel "${channel.name}"`],
        occurredAt: new Date().toISOString(),
      },
    }))!;
    await enqueueAlertDelivery(this.queue, delivery.id);
    return deliveryOf({ ...delivery, channelName: channel.name });
  }

  async deliveries(userId: string, page: number, limit: number): Promise<Paginated<AlertDelivery>> {
    const { rows, total } = await this.alerts.listDeliveries(userId, page, limit);
    return { items: rows.map(deliveryOf), total, page, limit };
  }
}

const channelOf = (row: AlertChannelRow): AlertChannel => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  target: row.target,
  createdAt: row.createdAt.toISOString(),
});

const ruleOf = (row: AlertRuleRow): AlertRule => ({
  id: row.id,
  kind: row.kind,
  minSeverity: row.minSeverity,
  thresholdPercent: row.thresholdPercent,
  createdAt: row.createdAt.toISOString(),
});

type DeliveryRow = Awaited<ReturnType<AlertsRepository['listDeliveries']>>['rows'][number];
const deliveryOf = (row: DeliveryRow): AlertDelivery => ({
  id: row.id,
  channelId: row.channelId,
  channelName: row.channelName,
  ruleKind: row.ruleKind,
  crawlJobId: row.crawlJobId,
  subject: row.event.subject,
  status: row.status,
  attempts: row.attempts,
  statusCode: row.statusCode,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
});
