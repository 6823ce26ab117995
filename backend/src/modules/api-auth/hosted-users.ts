import { Injectable } from '@nestjs/common';
import { UsersRepository } from '@vendorwatch/db';

/** Hosted users already mirrored by this process: one insert per user per process, not per request. */
const MAX_REMEMBERED = 10_000;

/**
 * With SUPABASE_URL the accounts live in the hosted project, but vendors and projects reference
 * `users` here: the guard mirrors each hosted user (id and email) before their first request runs.
 */
@Injectable()
export class HostedUsers {
  private readonly known = new Set<string>();

  constructor(private readonly users: UsersRepository) {}

  async ensure(id: string, email: string): Promise<void> {
    if (this.known.has(id)) return;
    // Emails are unique here; a hosted account without one (phone sign-in) gets a placeholder.
    await this.users.ensureHostedUser(id, email || `${id}@hosted-user.invalid`);
    if (this.known.size >= MAX_REMEMBERED) this.known.clear();
    this.known.add(id);
  }
}
