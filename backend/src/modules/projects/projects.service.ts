import { Injectable } from '@nestjs/common';
import type { ListWindow, Project, ProjectElement, ProjectPage } from '@vendorwatch/contracts';
import { ProjectsRepository, type ProjectElementRow, type ProjectPageRow, type ProjectRow } from '@vendorwatch/db';
import { NotFoundError } from '../../common/errors';

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

function found<T>(row: T | undefined, what: string): T {
  if (!row) throw new NotFoundError(`${what} not found`);
  return row;
}

/** Projects → pages → elements; each level is reachable only through a project the caller owns. */
@Injectable()
export class ProjectsService {
  constructor(private readonly projects: ProjectsRepository) {}

  async listProjects(userId: string, window?: ListWindow) {
    return (await this.projects.listProjects(userId, window)).map(toProject);
  }
  async getProject(userId: string, id: string) {
    return toProject(found(await this.projects.findProject(userId, id), 'Project'));
  }
  async createProject(userId: string, input: { name: string; description: string }) {
    return toProject(await this.projects.createProject(userId, input));
  }
  async updateProject(userId: string, id: string, changes: { name?: string; description?: string }) {
    return toProject(found(await this.projects.updateProject(userId, id, changes), 'Project'));
  }
  async deleteProject(userId: string, id: string) {
    if (!(await this.projects.deleteProject(userId, id))) throw new NotFoundError('Project not found');
  }

  async listPages(userId: string, projectId: string, window?: ListWindow) {
    await this.getProject(userId, projectId);
    return (await this.projects.listPages(userId, projectId, window)).map(toPage);
  }
  async createPage(userId: string, projectId: string, input: { title: string; order: number }) {
    await this.getProject(userId, projectId);
    return toPage(await this.projects.createPage(projectId, input));
  }
  async updatePage(userId: string, id: string, changes: { title?: string; order?: number }) {
    found(await this.projects.findPage(userId, id), 'Page');
    return toPage(found(await this.projects.updatePage(id, changes), 'Page'));
  }
  async deletePage(userId: string, id: string) {
    found(await this.projects.findPage(userId, id), 'Page');
    await this.projects.deletePage(id);
  }

  async listElements(userId: string, pageId: string, window?: ListWindow) {
    found(await this.projects.findPage(userId, pageId), 'Page');
    return (await this.projects.listElements(userId, pageId, window)).map(toElement);
  }
  async createElement(userId: string, pageId: string, input: { type: string; content: string; order: number }) {
    found(await this.projects.findPage(userId, pageId), 'Page');
    return toElement(await this.projects.createElement(pageId, input));
  }
  async updateElement(userId: string, id: string, changes: { type?: string; content?: string; order?: number }) {
    found(await this.projects.findElement(userId, id), 'Element');
    return toElement(found(await this.projects.updateElement(id, changes), 'Element'));
  }
  async deleteElement(userId: string, id: string) {
    found(await this.projects.findElement(userId, id), 'Element');
    await this.projects.deleteElement(id);
  }
}
