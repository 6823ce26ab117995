import { z } from 'zod';

const order = z.number({ error: 'Order must be a whole number' }).int({ error: 'Order must be a whole number' }).min(0);

export const createProjectSchema = z.object({
  name: z.string({ error: 'Project name is required' }).trim().min(1, { error: 'Project name is required' }).max(200),
  description: z.string().trim().max(5000).optional().default(''),
});
export const updateProjectSchema = createProjectSchema.partial();

export const createPageSchema = z.object({
  title: z.string({ error: 'Page title is required' }).trim().min(1, { error: 'Page title is required' }).max(500),
  order: order.optional().default(0),
});
export const updatePageSchema = createPageSchema.partial();

export const createElementSchema = z.object({
  type: z.string({ error: 'Element type is required' }).trim().min(1, { error: 'Element type is required' }).max(100),
  content: z.string().max(100_000).optional().default(''),
  order: order.optional().default(0),
});
export const updateElementSchema = createElementSchema.partial();
