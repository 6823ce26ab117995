import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { apiKeyInputSchema, type ApiKeyInput } from '@vendorwatch/contracts';
import { ParseIdPipe } from '../../common/parse-uuid.pipe';
import { validate } from '../../common/zod-validation.pipe';
import { Requires } from '../access/requires.decorator';
import { Workspace, type WorkspaceContext } from '../access/workspace-context';
import { Audited } from '../audit-log/audited.decorator';
import { ApiKeysService } from './api-keys.service';

@Controller('api/workspaces/:workspaceId/api-keys')
@Requires('apiKeys.manage')
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  /** The key is in the answer this once; the audit entry records its name, role and expiry, never the key. */
  @Post()
  @Audited('api_key.create', 'api_key', { targetId: 'result', fields: ['name', 'role', 'expiresAt'] })
  create(@Workspace() workspace: WorkspaceContext, @Body(validate(apiKeyInputSchema)) body: ApiKeyInput) {
    return this.keys.create(workspace, body);
  }

  @Get()
  list(@Workspace() workspace: WorkspaceContext) {
    return this.keys.list(workspace);
  }

  @Delete(':keyId')
  @HttpCode(204)
  @Audited('api_key.revoke', 'api_key')
  revoke(@Workspace() workspace: WorkspaceContext, @Param('keyId', ParseIdPipe) id: string) {
    return this.keys.revoke(workspace, id);
  }
}
