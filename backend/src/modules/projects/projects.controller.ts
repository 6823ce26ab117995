import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  createElementSchema,
  createPageSchema,
  createProjectSchema,
  listWindowQuerySchema,
  updateElementSchema,
  updatePageSchema,
  updateProjectSchema,
  type ListWindow,
} from '@vendorwatch/contracts';
import type { z } from 'zod';
import { CurrentUser, type AuthUser } from '../../common/auth-user';
import { ParseIdPipe } from '../../common/parse-uuid.pipe';
import { validate } from '../../common/zod-validation.pipe';
import { ProjectsService } from './projects.service';

/** Projects (newest first), their pages and elements (both by `order`, ascending). */
@Controller('api')
export class ProjectsController {
  constructor(private readonly projects: ProjectsService) {}

  @Get('projects')
  listProjects(@CurrentUser() user: AuthUser, @Query(validate(listWindowQuerySchema)) window: ListWindow) {
    return this.projects.listProjects(user.id, window);
  }

  @Get('projects/:id')
  getProject(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string) {
    return this.projects.getProject(user.id, id);
  }

  @Post('projects')
  createProject(@CurrentUser() user: AuthUser, @Body(validate(createProjectSchema)) body: z.output<typeof createProjectSchema>) {
    return this.projects.createProject(user.id, body);
  }

  @Put('projects/:id')
  updateProject(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIdPipe) id: string,
    @Body(validate(updateProjectSchema)) body: z.output<typeof updateProjectSchema>,
  ) {
    return this.projects.updateProject(user.id, id, body);
  }

  @Delete('projects/:id')
  @HttpCode(204)
  deleteProject(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string) {
    return this.projects.deleteProject(user.id, id);
  }

  @Get('projects/:id/pages')
  listPages(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIdPipe) id: string,
    @Query(validate(listWindowQuerySchema)) window: ListWindow,
  ) {
    return this.projects.listPages(user.id, id, window);
  }

  @Post('projects/:id/pages')
  createPage(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIdPipe) id: string,
    @Body(validate(createPageSchema)) body: z.output<typeof createPageSchema>,
  ) {
    return this.projects.createPage(user.id, id, body);
  }

  @Put('pages/:id')
  updatePage(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIdPipe) id: string,
    @Body(validate(updatePageSchema)) body: z.output<typeof updatePageSchema>,
  ) {
    return this.projects.updatePage(user.id, id, body);
  }

  @Delete('pages/:id')
  @HttpCode(204)
  deletePage(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string) {
    return this.projects.deletePage(user.id, id);
  }

  @Get('pages/:id/elements')
  listElements(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIdPipe) id: string,
    @Query(validate(listWindowQuerySchema)) window: ListWindow,
  ) {
    return this.projects.listElements(user.id, id, window);
  }

  @Post('pages/:id/elements')
  createElement(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIdPipe) id: string,
    @Body(validate(createElementSchema)) body: z.output<typeof createElementSchema>,
  ) {
    return this.projects.createElement(user.id, id, body);
  }

  @Put('elements/:id')
  updateElement(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIdPipe) id: string,
    @Body(validate(updateElementSchema)) body: z.output<typeof updateElementSchema>,
  ) {
    return this.projects.updateElement(user.id, id, body);
  }

  @Delete('elements/:id')
  @HttpCode(204)
  deleteElement(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string) {
    return this.projects.deleteElement(user.id, id);
  }
}
