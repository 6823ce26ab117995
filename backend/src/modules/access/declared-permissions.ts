import { Inject, Injectable, Logger, type OnApplicationBootstrap, type Type } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { discoverRoutes, type DiscoveredRoute } from '../api-docs/openapi-document';

/**
 * On: every /api route declares a permission. An /api route that is neither `@Public()` nor declares `@Requires(...)` — or that changes something without
 * `@Audited(...)` (or `@NotAudited()`) — stops the app at start-up, so no new route can skip the
 * role check or the audit log.
 */
export const REQUIRE_DECLARED_PERMISSIONS = true;
export const PERMISSION_DECLARATIONS_REQUIRED = Symbol('PERMISSION_DECLARATIONS_REQUIRED');

/** The /api routes that declare no permission, or change something without declaring their audit. */
export function undeclaredRoutes(routes: DiscoveredRoute[]): string[] {
  return routes
    .filter((route) => route.path.startsWith('/api/') && !route.isPublic)
    .flatMap((route) => {
      const problems: string[] = [];
      if (!route.permission) problems.push('no @Requires(permission)');
      if (route.method !== 'GET' && route.audit === undefined) problems.push('no @Audited(action, target) or @NotAudited()');
      return problems.length ? [`${route.method} ${route.path}: ${problems.join(', ')}`] : [];
    });
}

/** Checks every controller's routes once the app is built (see REQUIRE_DECLARED_PERMISSIONS). */
@Injectable()
export class DeclaredPermissionsCheck implements OnApplicationBootstrap {
  private readonly logger = new Logger('DeclaredPermissions');

  constructor(
    private readonly discovery: DiscoveryService,
    @Inject(PERMISSION_DECLARATIONS_REQUIRED) private readonly required: boolean,
  ) {}

  onApplicationBootstrap(): void {
    const controllers = this.discovery
      .getControllers()
      .flatMap((wrapper) => (wrapper.metatype ? [wrapper.metatype as Type] : []));
    const undeclared = undeclaredRoutes(discoverRoutes(controllers));
    if (undeclared.length === 0) return;
    if (this.required) throw new Error(`Every /api route must declare its permission and audit:\n  ${undeclared.join('\n  ')}`);
    this.logger.debug(`${undeclared.length} /api routes still declare no permission or audit`);
  }
}
