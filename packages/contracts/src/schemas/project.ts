import { z } from 'zod';
import { LIMITS } from '../limits';
import { fill, formatMessage, MESSAGES } from '../messages';
import { atLeastOneField, MAX_INT32, requiredText } from './common';

// Update schemas are built from the bare fields: a `.default()` would survive `.partial()` in zod 4
// and overwrite stored values with defaults on every partial update.
const ORDER_MESSAGE = fill(MESSAGES.generic.orderInvalid, { max: MAX_INT32 });
const order = z
  .number({ error: ORDER_MESSAGE })
  .int({ error: ORDER_MESSAGE })
  .min(0, { error: ORDER_MESSAGE })
  .max(MAX_INT32, { error: ORDER_MESSAGE });
const nothingToUpdate = { error: MESSAGES.generic.nothingToUpdate };
const L = LIMITS.project;
const tooLong = (field: string, max: number) => ({ error: formatMessage.inputTooLong(field, max) });

const projectFields = {
  name: requiredText('Project name is required', 'Project name', L.nameMaxLength),
  description: z.string().trim().max(L.descriptionMaxLength, tooLong('Description', L.descriptionMaxLength)),
};
export const createProjectSchema = z.object({ ...projectFields, description: projectFields.description.default('') });
export const updateProjectSchema = z.object(projectFields).partial().refine(atLeastOneField, nothingToUpdate);

const pageFields = {
  title: requiredText('Page title is required', 'Page title', L.pageTitleMaxLength),
  order,
};
export const createPageSchema = z.object({ ...pageFields, order: order.default(0) });
export const updatePageSchema = z.object(pageFields).partial().refine(atLeastOneField, nothingToUpdate);

const elementFields = {
  type: requiredText('Element type is required', 'Element type', L.elementTypeMaxLength),
  content: z.string().max(L.elementContentMaxLength, tooLong('Content', L.elementContentMaxLength)),
  order,
};
export const createElementSchema = z.object({
  ...elementFields,
  content: elementFields.content.default(''),
  order: order.default(0),
});
export const updateElementSchema = z.object(elementFields).partial().refine(atLeastOneField, nothingToUpdate);
