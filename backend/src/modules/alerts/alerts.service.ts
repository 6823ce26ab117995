import { Injectable } from '@nestjs/common';
import {
  LIMITS,
  MESSAGES,
  type AlertDelivery,
  type AlertRule,
  type AlertRuleInput,
  type Paginated,
} from '@vendorwatch/contracts';
import { AlertsRepository, type AlertRuleRow, type WorkspaceId } from '@vendorwatch/db';
import { BadRequestError, ConflictError, NotFoundError } from '../../common/errors';
import type { WorkspaceContext } from '../access/workspace-context';
import { deliveryOf } from './alert-views';

/** A workspace's alert rules (one per kind and parameters) and the deliveries made. */
@Injectable()
export class AlertsService {
  constructor(private readonly alerts: AlertsRepository) {}

  async rules(workspaceId: WorkspaceId): Promise<AlertRule[]> {
    return (await this.alerts.listRules(workspaceId)).map(ruleOf);
  }

  async createRule(workspace: WorkspaceContext, input: AlertRuleInput): Promise<AlertRule> {
    if ((await this.alerts.countRules(workspace.workspaceId)) >= LIMITS.alerts.maxRules)
      throw new BadRequestError(MESSAGES.alerts.tooManyRules);
    const row = await this.alerts.createRule({
      userId: workspace.userId,
      workspaceId: workspace.workspaceId,
      kind: input.kind,
      minSeverity: input.kind === 'check_fails' ? input.minSeverity : null,
      thresholdPercent: input.kind === 'pages_changed' ? input.thresholdPercent : null,
      withinDays: input.kind === 'certificate_expiring' ? (input.withinDays ?? LIMITS.certificateExpiryDays.default) : null,
    });
    if (!row) throw new ConflictError(MESSAGES.alerts.duplicateRule);
    return ruleOf(row);
  }

  async deleteRule(workspaceId: WorkspaceId, id: string): Promise<void> {
    if (!(await this.alerts.deleteRule(workspaceId, id))) throw new NotFoundError(MESSAGES.alerts.ruleNotFound);
  }

  async deliveries(workspaceId: WorkspaceId, page: number, limit: number): Promise<Paginated<AlertDelivery>> {
    const { rows, total } = await this.alerts.listDeliveries(workspaceId, page, limit);
    return { items: rows.map(deliveryOf), total, page, limit };
  }
}

const ruleOf = (row: AlertRuleRow): AlertRule => ({
  id: row.id,
  kind: row.kind,
  minSeverity: row.minSeverity,
  thresholdPercent: row.thresholdPercent,
  withinDays: row.withinDays,
  createdAt: row.createdAt.toISOString(),
});
