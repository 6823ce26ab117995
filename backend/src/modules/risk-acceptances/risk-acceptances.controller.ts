import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  riskAcceptanceDecisionSchema,
  riskAcceptanceInputSchema,
  riskAcceptanceListQuerySchema,
  type Paginated,
  type RiskAcceptance,
  type RiskAcceptanceDecision,
  type RiskAcceptanceInput,
  type RiskAcceptanceListQuery,
  type VendorRiskAcceptances,
} from '@vendorwatch/contracts';
import { ParseIdPipe } from '../../common/parse-uuid.pipe';
import { validate } from '../../common/zod-validation.pipe';
import { Requires } from '../access/requires.decorator';
import { Workspace, type WorkspaceContext } from '../access/workspace-context';
import { Audited } from '../audit-log/audited.decorator';
import { RiskAcceptancesService } from './risk-acceptances.service';

const DECISION_FIELDS = ['note'] as const;

/** Accepted risks: every member reads them, editors ask, admins and owners other than the requester decide. */
@Controller('api')
@Requires('workspace.read')
export class RiskAcceptancesController {
  constructor(private readonly acceptances: RiskAcceptancesService) {}

  @Post('vendors/:id/risk-acceptances')
  @Requires('riskAcceptances.request')
  @Audited('risk_acceptance.request', 'risk_acceptance', {
    targetId: 'result',
    fields: ['checkId', 'justification', 'expiresAt'],
  })
  request(
    @Workspace() workspace: WorkspaceContext,
    @Param('id', ParseIdPipe) vendorId: string,
    @Body(validate(riskAcceptanceInputSchema)) body: RiskAcceptanceInput,
  ): Promise<RiskAcceptance> {
    return this.acceptances.request(workspace, vendorId, body);
  }

  @Get('vendors/:id/risk-acceptances')
  listForVendor(
    @Workspace() workspace: WorkspaceContext,
    @Param('id', ParseIdPipe) vendorId: string,
  ): Promise<VendorRiskAcceptances> {
    return this.acceptances.listForVendor(workspace.workspaceId, vendorId);
  }

  @Get('risk-acceptances')
  list(
    @Workspace() workspace: WorkspaceContext,
    @Query(validate(riskAcceptanceListQuerySchema)) query: RiskAcceptanceListQuery,
  ): Promise<Paginated<RiskAcceptance>> {
    return this.acceptances.list(workspace.workspaceId, query);
  }

  @Get('risk-acceptances/:id')
  get(@Workspace() workspace: WorkspaceContext, @Param('id', ParseIdPipe) id: string): Promise<RiskAcceptance> {
    return this.acceptances.get(workspace.workspaceId, id);
  }

  @Post('risk-acceptances/:id/approve')
  @HttpCode(200)
  @Requires('riskAcceptances.decide')
  @Audited('risk_acceptance.approve', 'risk_acceptance', { targetId: { param: 'id' }, fields: DECISION_FIELDS })
  approve(
    @Workspace() workspace: WorkspaceContext,
    @Param('id', ParseIdPipe) id: string,
    @Body(validate(riskAcceptanceDecisionSchema)) body: RiskAcceptanceDecision,
  ): Promise<RiskAcceptance> {
    return this.acceptances.approve(workspace, id, body);
  }

  @Post('risk-acceptances/:id/reject')
  @HttpCode(200)
  @Requires('riskAcceptances.decide')
  @Audited('risk_acceptance.reject', 'risk_acceptance', { targetId: { param: 'id' }, fields: DECISION_FIELDS })
  reject(
    @Workspace() workspace: WorkspaceContext,
    @Param('id', ParseIdPipe) id: string,
    @Body(validate(riskAcceptanceDecisionSchema)) body: RiskAcceptanceDecision,
  ): Promise<RiskAcceptance> {
    return this.acceptances.reject(workspace, id, body);
  }

  /** Admins and owners revoke any; an editor only one they asked for (withdrawing it). */
  @Post('risk-acceptances/:id/revoke')
  @HttpCode(200)
  @Requires('riskAcceptances.request')
  @Audited('risk_acceptance.revoke', 'risk_acceptance', { targetId: { param: 'id' }, fields: DECISION_FIELDS })
  revoke(
    @Workspace() workspace: WorkspaceContext,
    @Param('id', ParseIdPipe) id: string,
    @Body(validate(riskAcceptanceDecisionSchema)) body: RiskAcceptanceDecision,
  ): Promise<RiskAcceptance> {
    return this.acceptances.revoke(workspace, id, body);
  }
}
