import { z } from 'zod';
import { MESSAGES } from '../messages';
import { atLeastOneField, isHttpUrl } from './common';

const M = MESSAGES.crawlerConfigs;

export const CRAWLER_CONFIG_TYPES = ['scrapingbee', 'custom'] as const;

const apiKey = z.string({ error: M.apiKeyRequired }).trim().min(1, { error: M.apiKeyEmpty }).max(500);
const apiEndpoint = z
  .string({ error: M.endpointRequired })
  .trim()
  .min(1, { error: M.endpointRequired })
  .refine(isHttpUrl, { error: MESSAGES.crawlerSettings.invalidUrl });

const configFields = {
  name: z.string({ error: M.nameRequired }).trim().min(1, { error: M.nameRequired }).max(200),
  type: z.enum(CRAWLER_CONFIG_TYPES, { error: M.typeRequired }),
  apiKey,
  apiEndpoint,
  options: z.record(z.string(), z.unknown()),
};

/** Add/Edit Crawler form and POST /api/crawler-configs: name, type, key and endpoint all required. */
export const createCrawlerConfigSchema = z.object({
  ...configFields,
  type: configFields.type.default('scrapingbee'),
  /** Left out: the server's configured ScrapingBee endpoint. */
  apiEndpoint: apiEndpoint.optional(),
  options: configFields.options.default({}),
});
export type CreateCrawlerConfig = z.output<typeof createCrawlerConfigSchema>;

/** Editing changes only what is sent; leaving the key out keeps the stored one. */
export const updateCrawlerConfigSchema = z
  .object(configFields)
  .partial()
  .refine(atLeastOneField, { error: MESSAGES.generic.nothingToUpdate });
export type UpdateCrawlerConfig = z.output<typeof updateCrawlerConfigSchema>;

/** Test a key and endpoint before saving, or a saved configuration by id. */
export const testCrawlerConfigSchema = z
  .object({
    id: z.uuid({ error: 'Configuration not found' }).optional(),
    apiKey: z.string({ error: M.apiKeyRequiredForTesting }).trim().optional(),
    apiEndpoint: apiEndpoint.optional(),
  })
  .superRefine((value, context) => {
    if (value.id) return;
    if (value.apiKey === undefined) context.addIssue({ code: 'custom', path: ['apiKey'], message: M.apiKeyRequiredForTesting });
    else if (value.apiKey === '') context.addIssue({ code: 'custom', path: ['apiKey'], message: M.apiKeyEmpty });
  });
export type TestCrawlerConfig = z.output<typeof testCrawlerConfigSchema>;

export const scrapeRequestSchema = z.object({
  url: z
    .string({ error: MESSAGES.scraping.urlRequired })
    .trim()
    .min(1, { error: MESSAGES.scraping.urlRequired })
    .refine(isHttpUrl, { error: MESSAGES.crawls.enterValidUrl }),
  render_js: z.boolean().default(false),
});
