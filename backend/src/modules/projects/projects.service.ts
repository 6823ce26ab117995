import { Injectable } from '@nestjs/common';
import { MESSAGES, type ListWindow, type Project, type ProjectElement, type ProjectPage } from '@vendorwatch/contracts';
import {
  ProjectsRepository,
  type ProjectElementRow,
  type ProjectPageRow,
  type ProjectRow,
  type WorkspaceId,
} from '@vendorwatch/db';
import { NotFoundError } from '../../common/errors';
import type { WorkspaceContext } from '../access/workspace-context';

const toProject = (row: ProjectRow): Project => ({
  id: row.id,
  name: row.name,
  description: row.description,
  createdAt: row.createdAt.toISOString(),
});
const toPage = (row: ProjectPageRow): ProjectPage => ({
  id: row.id,
  projectId: row.projectId,
  title: row.title,
  order: row.order,
});
const toElement = (row: ProjectElementRow): ProjectElement => ({
  id: row.id,
  pageId: row.pageId,
  type: row.type,
  content: row.content,
  order: row.order,
});

function found<T>(row: T | undefined, message: string): T {
  if (!row) throw new NotFoundError(message);
  return row;
}
const M = MESSAGES.projects;

/** Projects → pages → elements; each level is reachable only through a project of the workspace. */
@Injectable()
export class ProjectsService {
  constructor(private readonly projects: ProjectsRepository) {}

  async listProjects(workspaceId: WorkspaceId, window?: ListWindow) {
    return (await this.projects.listProjects(workspaceId, window)).map(toProject);
  }
  async getProject(workspaceId: WorkspaceId, id: string) {
    return toProject(found(await this.projects.findProject(workspaceId, id), M.notFound));
  }
  async createProject(workspace: WorkspaceContext, input: { name: string; description: string }) {
    return toProject(await this.projects.createProject(workspace.workspaceId, workspace.userId, input));
  }
  async updateProject(workspaceId: WorkspaceId, id: string, changes: { name?: string; description?: string }) {
    return toProject(found(await this.projects.updateProject(workspaceId, id, changes), M.notFound));
  }
  async deleteProject(workspaceId: WorkspaceId, id: string) {
    if (!(await this.projects.deleteProject(workspaceId, id))) throw new NotFoundError(M.notFound);
  }

  async listPages(workspaceId: WorkspaceId, projectId: string, window?: ListWindow) {
    await this.getProject(workspaceId, projectId);
    return (await this.projects.listPages(workspaceId, projectId, window)).map(toPage);
  }
  async createPage(workspaceId: WorkspaceId, projectId: string, input: { title: string; order: number }) {
    await this.getProject(workspaceId, projectId);
    return toPage(await this.projects.createPage(projectId, input));
  }
  async updatePage(workspaceId: WorkspaceId, id: string, changes: { title?: string; order?: number }) {
    found(await this.projects.findPage(workspaceId, id), M.pageNotFound);
    return toPage(found(await this.projects.updatePage(id, changes), M.pageNotFound));
  }
  async deletePage(workspaceId: WorkspaceId, id: string) {
    found(await this.projects.findPage(workspaceId, id), M.pageNotFound);
    await this.projects.deletePage(id);
  }

  async listElements(workspaceId: WorkspaceId, pageId: string, window?: ListWindow) {
    found(await this.projects.findPage(workspaceId, pageId), M.pageNotFound);
    return (await this.projects.listElements(workspaceId, pageId, window)).map(toElement);
  }
  async createElement(workspaceId: WorkspaceId, pageId: string, input: { type: string; content: string; order: number }) {
    found(await this.projects.findPage(workspaceId, pageId), M.pageNotFound);
    return toElement(await this.projects.createElement(pageId, input));
  }
  async updateElement(workspaceId: WorkspaceId, id: string, changes: { type?: string; content?: string; order?: number }) {
    found(await this.projects.findElement(workspaceId, id), M.elementNotFound);
    return toElement(found(await this.projects.updateElement(id, changes), M.elementNotFound));
  }
  async deleteElement(workspaceId: WorkspaceId, id: string) {
    found(await this.projects.findElement(workspaceId, id), M.elementNotFound);
    await this.projects.deleteElement(id);
  }
}
