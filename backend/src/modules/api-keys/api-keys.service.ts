import { Injectable } from '@nestjs/common';
import {
  LIMITS,
  MESSAGES,
  roleAtLeast,
  workspaceMessages,
  type ApiKey,
  type ApiKeyInput,
  type CreatedApiKey,
} from '@vendorwatch/contracts';
import { ApiKeysRepository, type ApiKeyRow } from '@vendorwatch/db';
import { ConflictError, ForbiddenError, NotFoundError } from '../../common/errors';
import { generateApiKey } from '../access/api-key-secret';
import type { WorkspaceContext } from '../access/workspace-context';
import { noteForAudit } from '../audit-log/audit-notes';

/**
 * A workspace's API keys: made by a person (admins and owners) with a role no higher than their
 * own, shown once, kept as a SHA-256, listed masked, revoked at once. A key acts with at most its
 * creator's role of the moment, and stops when its creator leaves (the guard reads both per request).
 */
@Injectable()
export class ApiKeysService {
  constructor(private readonly keys: ApiKeysRepository) {}

  async create(workspace: WorkspaceContext, input: ApiKeyInput): Promise<CreatedApiKey> {
    // A key's powers follow a person's: a key cannot make another.
    if (workspace.actor.type !== 'user') throw new ForbiddenError(MESSAGES.access.peopleOnly);
    if (!roleAtLeast(workspace.role, input.role)) throw new ForbiddenError(MESSAGES.apiKeys.roleAboveYours);
    const secret = generateApiKey();
    const row = await this.keys.create(
      {
        workspaceId: workspace.workspaceId,
        name: input.name,
        role: input.role,
        prefix: secret.prefix,
        keyHash: secret.hash,
        last4: secret.last4,
        createdBy: workspace.actor.id,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      },
      LIMITS.workspaces.maxApiKeys,
    );
    if (row === 'full') throw new ConflictError(workspaceMessages.tooManyApiKeys());
    noteForAudit({ prefix: row.prefix, last4: row.last4 });
    return { id: row.id, name: row.name, role: row.role, key: secret.key };
  }

  async list(workspace: WorkspaceContext): Promise<ApiKey[]> {
    return (await this.keys.listUnrevoked(workspace.workspaceId)).map(apiKeyOf);
  }

  async revoke(workspace: WorkspaceContext, id: string): Promise<void> {
    const revoked = await this.keys.revoke(workspace.workspaceId, id);
    if (!revoked) throw new NotFoundError(MESSAGES.apiKeys.notFound);
    noteForAudit({ name: revoked.name, last4: revoked.last4 });
  }
}

const apiKeyOf = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  role: row.role,
  last4: row.last4,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
});
