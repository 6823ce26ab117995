import { z } from 'zod';
import { THIRD_PARTY_CATEGORY_LABELS } from '../inventory';
import { LIMITS } from '../limits';
import { fill, MESSAGES } from '../messages';
import { uuidParam } from './common';

const M = MESSAGES.inventories;
const categories = Object.keys(THIRD_PARTY_CATEGORY_LABELS) as [string, ...string[]];

/**
 * `GET /api/portfolio/third-parties` (and its CSV): which third parties the workspace's vendors use,
 * narrowed to one vendor, one category, trackers only (or none), or a name, company or host containing
 * the search text.
 */
export const portfolioQuerySchema = z.object({
  vendorId: uuidParam.optional(),
  category: z.enum(categories, { error: M.invalidCategory }).optional(),
  trackers: z
    .enum(['true', 'false'], { error: M.invalidTrackers })
    .transform((value) => value === 'true')
    .optional(),
  q: z
    .string()
    .trim()
    .max(LIMITS.portfolio.searchMaxLength, { error: fill(M.searchTooLong, { max: LIMITS.portfolio.searchMaxLength }) })
    .optional(),
});
export type PortfolioQuery = z.output<typeof portfolioQuerySchema>;
export type PortfolioQueryInput = z.input<typeof portfolioQuerySchema>;
