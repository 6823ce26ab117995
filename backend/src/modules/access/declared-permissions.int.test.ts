import { Controller, Delete, Get, Module, Post, type Type } from '@nestjs/common';
import { DiscoveryModule, NestFactory } from '@nestjs/core';
import { Public } from '../../common/auth-user';
import { Audited, NotAudited } from '../audit-log/audited.decorator';
import { DeclaredPermissionsCheck, PERMISSION_DECLARATIONS_REQUIRED, REQUIRE_DECLARED_PERMISSIONS } from './declared-permissions';
import { Requires } from './requires.decorator';

@Controller('api/declared')
@Requires('workspace.read')
class DeclaredController {
  @Get()
  list() {}

  @Post()
  @Requires('vendors.write')
  @Audited('workspace.update', 'vendor')
  create() {}

  @Post('preview')
  @NotAudited('changes nothing')
  preview() {}

  @Public()
  @Post('open')
  open() {}
}

@Controller('api/undeclared')
class UndeclaredController {
  @Get()
  list() {}

  @Delete(':id')
  @Requires('vendors.write')
  remove() {}
}

/** Outside /api the guard has no say: the check leaves such routes alone. */
@Controller('metrics-like')
class OutsideController {
  @Get()
  read() {}
}

const start = async (controllers: Type[], required: boolean) => {
  @Module({
    imports: [DiscoveryModule],
    controllers,
    providers: [DeclaredPermissionsCheck, { provide: PERMISSION_DECLARATIONS_REQUIRED, useValue: required }],
  })
  class ProbeModule {}
  const app = await NestFactory.createApplicationContext(ProbeModule, { logger: false });
  await app.close();
};

/** An /api route that declares nothing stops the app at start-up. */
describe('the start-up check of declared permissions', () => {
  it('is on: every /api route of the app declares its permission and audit', () => {
    expect(REQUIRE_DECLARED_PERMISSIONS).toBe(true);
  });

  it('when on, stops the start naming each route without a permission, or a change without its audit', async () => {
    await expect(start([DeclaredController, UndeclaredController, OutsideController], true)).rejects.toThrow(
      [
        'Every /api route must declare its permission and audit:',
        '  GET /api/undeclared: no @Requires(permission)',
        '  DELETE /api/undeclared/:id: no @Audited(action, target) or @NotAudited()',
      ].join('\n'),
    );
  });

  it('when on, starts an app whose routes all declare theirs; when off, starts whatever they declare', async () => {
    await expect(start([DeclaredController, OutsideController], true)).resolves.toBeUndefined();
    await expect(start([DeclaredController, UndeclaredController], false)).resolves.toBeUndefined();
  });
});
