import { Inject, Injectable } from '@nestjs/common';
import { MESSAGES, type WorkspaceSso, type WorkspaceSsoInput } from '@vendorwatch/contracts';
import { WorkspaceSsoRepository, type WorkspaceSsoRow } from '@vendorwatch/db';
import { APP_CONFIG, type AppConfig } from '@vendorwatch/runtime';
import { BadRequestError } from '../../common/errors';
import type { WorkspaceContext } from '../access/workspace-context';

/** A workspace's link to the identity provider: the groups → roles mapping and whether SSO is required. */
@Injectable()
export class WorkspaceSsoService {
  constructor(
    private readonly links: WorkspaceSsoRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async get(workspace: WorkspaceContext): Promise<WorkspaceSso> {
    return this.view(await this.links.find(workspace.workspaceId));
  }

  async save(workspace: WorkspaceContext, input: WorkspaceSsoInput): Promise<WorkspaceSso> {
    if (!input.linked) {
      await this.links.remove(workspace.workspaceId);
      return this.view(undefined);
    }
    if (workspace.personal) throw new BadRequestError(MESSAGES.sso.personalNotLinkable);
    // Requiring a sign-in this server cannot offer would shut every member but the owners out.
    if (input.required && !this.providerName()) throw new BadRequestError(MESSAGES.sso.requiredWithoutProvider);
    const saved = await this.links.save(workspace.workspaceId, {
      groupClaim: input.groupClaim ?? this.config.AUTH_OIDC_GROUPS_CLAIM,
      groupRoles: input.groupRoles,
      defaultRole: input.defaultRole,
      required: input.required,
    });
    return this.view(saved);
  }

  /** The provider configured on this server (embedded auth only), or null. */
  private providerName(): string | null {
    const configured = !this.config.SUPABASE_URL && this.config.AUTH_OIDC_ISSUER && this.config.AUTH_OIDC_CLIENT_ID;
    return configured ? this.config.AUTH_OIDC_NAME : null;
  }

  private view(row: WorkspaceSsoRow | undefined): WorkspaceSso {
    const providerName = this.providerName();
    if (!row)
      return {
        linked: false,
        groupClaim: this.config.AUTH_OIDC_GROUPS_CLAIM,
        groupRoles: {},
        defaultRole: null,
        required: false,
        providerName,
      };
    return {
      linked: true,
      groupClaim: row.groupClaim,
      groupRoles: row.groupRoles,
      defaultRole: row.defaultRole,
      required: row.required,
      providerName,
    };
  }
}
