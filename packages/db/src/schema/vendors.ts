import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { workspaceIdColumn } from './workspaces';

export const vendors = pgTable(
  'vendors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: workspaceIdColumn(),
    name: text('name').notNull(),
    url: text('url').notNull().default(''),
    description: text('description').notNull().default(''),
    /** Host names the user listed, primary first; empty: the registrable domain of `url` (issue 31). */
    domains: text('domains')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** DKIM selectors the user listed, read on every domain. */
    dkimSelectors: text('dkim_selectors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vendors_user_id_created_at_idx').on(t.userId, t.createdAt.desc()),
    index('vendors_workspace_id_created_at_idx').on(t.workspaceId, t.createdAt.desc()),
  ],
);

/** Projects, their pages and the pages' elements, owned through the project. */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: workspaceIdColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('projects_user_id_created_at_idx').on(t.userId, t.createdAt.desc()),
    index('projects_workspace_id_created_at_idx').on(t.workspaceId, t.createdAt.desc()),
  ],
);

export const projectPages = pgTable(
  'project_pages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    order: integer('order').notNull().default(0),
  },
  (t) => [index('project_pages_project_id_order_idx').on(t.projectId, t.order)],
);

export const projectElements = pgTable(
  'project_elements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pageId: uuid('page_id')
      .notNull()
      .references(() => projectPages.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    content: text('content').notNull().default(''),
    order: integer('order').notNull().default(0),
  },
  (t) => [index('project_elements_page_id_order_idx').on(t.pageId, t.order)],
);
