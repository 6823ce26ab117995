import { sql } from 'drizzle-orm';
import type { VendorContact, VendorIntake } from '@vendorwatch/contracts';
import { check, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    /** The programme (issue 40): its tier (1–4; null: none), and why it differs from the intake's suggestion. */
    tier: smallint('tier'),
    tierReason: text('tier_reason').notNull().default(''),
    /** The member who answers for the vendor (checked a member when set); null: nobody. */
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    contacts: jsonb('contacts').$type<VendorContact[]>().notNull().default([]),
    /** The last intake's answers and suggested tier; null before one. */
    intake: jsonb('intake').$type<VendorIntake>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vendors_user_id_created_at_idx').on(t.userId, t.createdAt.desc()),
    index('vendors_workspace_id_created_at_idx').on(t.workspaceId, t.createdAt.desc()),
    check('vendors_tier_check', sql`${t.tier} between 1 and 4`),
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
