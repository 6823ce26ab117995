import { Inject, Injectable } from '@nestjs/common';
import { MESSAGES, type AccountSession } from '@vendorwatch/contracts';
import { AuthSessionsRepository } from '@vendorwatch/db';
import { APP_CONFIG, type AppConfig } from '@vendorwatch/runtime';
import type { AuthUser } from '../../common/auth-user';
import { NotFoundError } from '../../common/errors';

/**
 * The signed-in user's open sessions, for the account page. Supabase Auth has no such endpoint,
 * so it is the API's; with a hosted project the sessions live there and this answers 404.
 */
@Injectable()
export class AccountSessionsService {
  constructor(
    private readonly sessions: AuthSessionsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(caller: AuthUser): Promise<AccountSession[]> {
    if (this.config.SUPABASE_URL) throw new NotFoundError(MESSAGES.auth.sessionsUnavailable);
    const startedAfter = new Date(Date.now() - this.config.AUTH_SESSION_MAX_LIFETIME_SECONDS * 1000);
    const rows = await this.sessions.listActive(caller.id, startedAfter);
    return rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      lastActiveAt: (row.refreshedAt ?? row.createdAt).toISOString(),
      userAgent: row.userAgent,
      ip: row.ip,
      aal: row.aal,
      current: row.id === caller.sessionId,
    }));
  }
}
