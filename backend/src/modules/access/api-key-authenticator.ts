import { Injectable, UnauthorizedException } from '@nestjs/common';
import { API_KEY_MAX_ROLE, API_KEY_PATTERN, LIMITS, MESSAGES, roleAtLeast, type WorkspaceRole } from '@vendorwatch/contracts';
import { ApiKeysRepository, type WorkspaceId } from '@vendorwatch/db';
import { hashApiKey } from './api-key-secret';

/** A key that may act now: in its workspace, with its role bounded by its creator's. */
export interface AuthenticatedKey {
  id: string;
  name: string;
  workspaceId: WorkspaceId;
  personal: boolean;
  role: WorkspaceRole;
  /** Who made the key (a member of its workspace, or the key is refused): rows it creates record them as creator. */
  createdBy: string;
}

const TOUCH_INTERVAL_MS = LIMITS.workspaces.apiKeyLastUsedIntervalSeconds * 1000;

/**
 * Checks an API key on every request it makes, with no cache: a revoked or lapsed key, or one whose
 * creator has left the workspace, is refused on its next request. A key never acts above its
 * creator's role of now (an admin demoted to viewer leaves keys that can only read).
 */
@Injectable()
export class ApiKeyAuthenticator {
  constructor(private readonly keys: ApiKeysRepository) {}

  async authenticate(key: string): Promise<AuthenticatedKey> {
    if (!API_KEY_PATTERN.test(key)) throw new UnauthorizedException(MESSAGES.access.invalidApiKey);
    const row = await this.keys.findForAuthentication(hashApiKey(key));
    if (!row || row.revokedAt || !row.creatorRole || !row.createdBy)
      throw new UnauthorizedException(MESSAGES.access.invalidApiKey);
    const now = Date.now();
    if (row.expiresAt && row.expiresAt.getTime() <= now) throw new UnauthorizedException(MESSAGES.access.apiKeyExpired);
    if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS)
      await this.keys.touch(row.id, new Date(now - TOUCH_INTERVAL_MS));
    const bounded = roleAtLeast(row.creatorRole, row.role) ? row.role : row.creatorRole;
    // A key made before keys were capped at admin acts as an admin.
    const role = roleAtLeast(API_KEY_MAX_ROLE, bounded) ? bounded : API_KEY_MAX_ROLE;
    return { id: row.id, name: row.name, workspaceId: row.workspaceId, personal: row.personal, role, createdBy: row.createdBy! };
  }
}
