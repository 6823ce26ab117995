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
import { ParseIdPipe } from '../../common/parse-uuid.pipe';
import { validate } from '../../common/zod-validation.pipe';
import { Requires } from '../access/requires.decorator';
import { Workspace, type WorkspaceContext } from '../access/workspace-context';
import { Audited } from '../audit-log/audited.decorator';
import { ProjectsService } from './projects.service';

/** Projects (newest first), their pages and elements (both by `order`, ascending). */
@Controller('api')
@Requires('workspace.read')
export class ProjectsController {
  constructor(private readonly projects: ProjectsService) {}

  @Get('projects')
  listProjects(@Workspace() workspace: WorkspaceContext, @Query(validate(listWindowQuerySchema)) window: ListWindow) {
    return this.projects.listProjects(workspace.workspaceId, window);
  }

  @Get('projects/:id')
  getProject(@Workspace() workspace: WorkspaceContext, @Param('id', ParseIdPipe) id: string) {
    return this.projects.getProject(workspace.workspaceId, id);
  }

  @Post('projects')
  @Requires('projects.write')
  @Audited('project.create', 'project', { targetId: 'result', fields: ['name', 'description'] })
  createProject(
    @Workspace() workspace: WorkspaceContext,
    @Body(validate(createProjectSchema)) body: z.output<typeof createProjectSchema>,
  ) {
    return this.projects.createProject(workspace, body);
  }

  @Put('projects/:id')
  @Requires('projects.write')
  @Audited('project.update', 'project', { fields: ['name', 'description'] })
  updateProject(
    @Workspace() workspace: WorkspaceContext,
    @Param('id', ParseIdPipe) id: string,
    @Body(validate(updateProjectSchema)) body: z.output<typeof updateProjectSchema>,
  ) {
    return this.projects.updateProject(workspace.workspaceId, id, body);
  }

  @Delete('projects/:id')
  @Requires('projects.write')
  @Audited('project.delete', 'project')
  @HttpCode(204)
  deleteProject(@Workspace() workspace: WorkspaceContext, @Param('id', ParseIdPipe) id: string) {
    return this.projects.deleteProject(workspace.workspaceId, id);
  }

  @Get('projects/:id/pages')
  listPages(
    @Workspace() workspace: WorkspaceContext,
    @Param('id', ParseIdPipe) id: string,
    @Query(validate(listWindowQuerySchema)) window: ListWindow,
  ) {
    return this.projects.listPages(workspace.workspaceId, id, window);
  }

  @Post('projects/:id/pages')
  @Requires('projects.write')
  @Audited('project_page.create', 'project_page', { targetId: 'result', fields: ['title', 'order'] })
  createPage(
    @Workspace() workspace: WorkspaceContext,
    @Param('id', ParseIdPipe) id: string,
    @Body(validate(createPageSchema)) body: z.output<typeof createPageSchema>,
  ) {
    return this.projects.createPage(workspace.workspaceId, id, body);
  }

  @Put('pages/:id')
  @Requires('projects.write')
  @Audited('project_page.update', 'project_page', { fields: ['title', 'order'] })
  updatePage(
    @Workspace() workspace: WorkspaceContext,
    @Param('id', ParseIdPipe) id: string,
    @Body(validate(updatePageSchema)) body: z.output<typeof updatePageSchema>,
  ) {
    return this.projects.updatePage(workspace.workspaceId, id, body);
  }

  @Delete('pages/:id')
  @Requires('projects.write')
  @Audited('project_page.delete', 'project_page')
  @HttpCode(204)
  deletePage(@Workspace() workspace: WorkspaceContext, @Param('id', ParseIdPipe) id: string) {
    return this.projects.deletePage(workspace.workspaceId, id);
  }

  @Get('pages/:id/elements')
  listElements(
    @Workspace() workspace: WorkspaceContext,
    @Param('id', ParseIdPipe) id: string,
    @Query(validate(listWindowQuerySchema)) window: ListWindow,
  ) {
    return this.projects.listElements(workspace.workspaceId, id, window);
  }

  @Post('pages/:id/elements')
  @Requires('projects.write')
  @Audited('project_element.create', 'project_element', { targetId: 'result', fields: ['type', 'order'] })
  createElement(
    @Workspace() workspace: WorkspaceContext,
    @Param('id', ParseIdPipe) id: string,
    @Body(validate(createElementSchema)) body: z.output<typeof createElementSchema>,
  ) {
    return this.projects.createElement(workspace.workspaceId, id, body);
  }

  @Put('elements/:id')
  @Requires('projects.write')
  @Audited('project_element.update', 'project_element', { fields: ['type', 'order'] })
  updateElement(
    @Workspace() workspace: WorkspaceContext,
    @Param('id', ParseIdPipe) id: string,
    @Body(validate(updateElementSchema)) body: z.output<typeof updateElementSchema>,
  ) {
    return this.projects.updateElement(workspace.workspaceId, id, body);
  }

  @Delete('elements/:id')
  @Requires('projects.write')
  @Audited('project_element.delete', 'project_element')
  @HttpCode(204)
  deleteElement(@Workspace() workspace: WorkspaceContext, @Param('id', ParseIdPipe) id: string) {
    return this.projects.deleteElement(workspace.workspaceId, id);
  }
}
