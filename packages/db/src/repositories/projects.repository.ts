import { FIRST_WINDOW, type ListWindow } from '@vendorwatch/contracts';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../database';
import { projectElements, projectPages, projects } from '../schema';
import type { WorkspaceId } from '../workspace-id';

export type ProjectRow = typeof projects.$inferSelect;
export type ProjectPageRow = typeof projectPages.$inferSelect;
export type ProjectElementRow = typeof projectElements.$inferSelect;

/**
 * Projects, their pages and elements. Pages and elements have no workspace column of their own:
 * every query joins up to the project and filters on its workspace.
 */
export class ProjectsRepository {
  constructor(private readonly db: Database) {}

  listProjects(workspaceId: WorkspaceId, window: ListWindow = FIRST_WINDOW): Promise<ProjectRow[]> {
    return this.db
      .select()
      .from(projects)
      .where(eq(projects.workspaceId, workspaceId))
      .orderBy(desc(projects.createdAt), desc(projects.id))
      .limit(window.limit)
      .offset(window.offset);
  }

  async findProject(workspaceId: WorkspaceId, id: string): Promise<ProjectRow | undefined> {
    const [row] = await this.db
      .select()
      .from(projects)
      .where(and(eq(projects.id, id), eq(projects.workspaceId, workspaceId)));
    return row;
  }

  /** `userId` is the creator; the project belongs to the workspace. */
  async createProject(
    workspaceId: WorkspaceId,
    userId: string,
    values: Pick<ProjectRow, 'name' | 'description'>,
  ): Promise<ProjectRow> {
    const [row] = await this.db
      .insert(projects)
      .values({ ...values, userId, workspaceId })
      .returning();
    return row!;
  }

  async updateProject(workspaceId: WorkspaceId, id: string, changes: Partial<Pick<ProjectRow, 'name' | 'description'>>) {
    const [row] = await this.db
      .update(projects)
      .set(changes)
      .where(and(eq(projects.id, id), eq(projects.workspaceId, workspaceId)))
      .returning();
    return row;
  }

  async deleteProject(workspaceId: WorkspaceId, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(projects)
      .where(and(eq(projects.id, id), eq(projects.workspaceId, workspaceId)))
      .returning({ id: projects.id });
    return rows.length > 0;
  }

  async listPages(workspaceId: WorkspaceId, projectId: string, window: ListWindow = FIRST_WINDOW): Promise<ProjectPageRow[]> {
    const rows = await this.db
      .select({ page: projectPages })
      .from(projectPages)
      .innerJoin(projects, eq(projects.id, projectPages.projectId))
      .where(and(eq(projectPages.projectId, projectId), eq(projects.workspaceId, workspaceId)))
      .orderBy(asc(projectPages.order), asc(projectPages.id))
      .limit(window.limit)
      .offset(window.offset);
    return rows.map((r) => r.page);
  }

  async findPage(workspaceId: WorkspaceId, id: string): Promise<ProjectPageRow | undefined> {
    const [row] = await this.db
      .select({ page: projectPages })
      .from(projectPages)
      .innerJoin(projects, eq(projects.id, projectPages.projectId))
      .where(and(eq(projectPages.id, id), eq(projects.workspaceId, workspaceId)));
    return row?.page;
  }

  async createPage(projectId: string, values: Pick<ProjectPageRow, 'title' | 'order'>): Promise<ProjectPageRow> {
    const [row] = await this.db
      .insert(projectPages)
      .values({ ...values, projectId })
      .returning();
    return row!;
  }

  async updatePage(id: string, changes: Partial<Pick<ProjectPageRow, 'title' | 'order'>>) {
    const [row] = await this.db.update(projectPages).set(changes).where(eq(projectPages.id, id)).returning();
    return row;
  }

  async deletePage(id: string): Promise<void> {
    await this.db.delete(projectPages).where(eq(projectPages.id, id));
  }

  async listElements(workspaceId: WorkspaceId, pageId: string, window: ListWindow = FIRST_WINDOW): Promise<ProjectElementRow[]> {
    const rows = await this.db
      .select({ element: projectElements })
      .from(projectElements)
      .innerJoin(projectPages, eq(projectPages.id, projectElements.pageId))
      .innerJoin(projects, eq(projects.id, projectPages.projectId))
      .where(and(eq(projectElements.pageId, pageId), eq(projects.workspaceId, workspaceId)))
      .orderBy(asc(projectElements.order), asc(projectElements.id))
      .limit(window.limit)
      .offset(window.offset);
    return rows.map((r) => r.element);
  }

  async findElement(workspaceId: WorkspaceId, id: string): Promise<ProjectElementRow | undefined> {
    const [row] = await this.db
      .select({ element: projectElements })
      .from(projectElements)
      .innerJoin(projectPages, eq(projectPages.id, projectElements.pageId))
      .innerJoin(projects, eq(projects.id, projectPages.projectId))
      .where(and(eq(projectElements.id, id), eq(projects.workspaceId, workspaceId)));
    return row?.element;
  }

  async createElement(pageId: string, values: Pick<ProjectElementRow, 'type' | 'content' | 'order'>) {
    const [row] = await this.db
      .insert(projectElements)
      .values({ ...values, pageId })
      .returning();
    return row!;
  }

  async updateElement(id: string, changes: Partial<Pick<ProjectElementRow, 'type' | 'content' | 'order'>>) {
    const [row] = await this.db.update(projectElements).set(changes).where(eq(projectElements.id, id)).returning();
    return row;
  }

  async deleteElement(id: string): Promise<void> {
    await this.db.delete(projectElements).where(eq(projectElements.id, id));
  }
}
