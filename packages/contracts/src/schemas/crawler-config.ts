import { z } from 'zod';
import { LIMITS } from '../limits';
import { fill, formatMessage, MESSAGES } from '../messages';
import { atLeastOneField, isHttpUrl, requiredText } from './common';

const M = MESSAGES.crawlerConfigs;
const L = LIMITS.crawlerConfig;

export const CRAWLER_CONFIG_TYPES = ['scrapingbee', 'custom'] as const;

const API_KEY_TOO_LONG = formatMessage.inputTooLong('API key', L.apiKeyMaxLength);
const apiKey = z
  .string({ error: M.apiKeyRequired })
  .trim()
  .min(1, { error: M.apiKeyEmpty })
  .max(L.apiKeyMaxLength, { error: API_KEY_TOO_LONG });
const apiEndpoint = z
  .string({ error: M.endpointRequired })
  .trim()
  .min(1, { error: M.endpointRequired })
  .max(LIMITS.urlMaxLength, { error: formatMessage.inputTooLong('Endpoint', LIMITS.urlMaxLength) })
  .refine(isHttpUrl, { error: MESSAGES.crawlerSettings.invalidUrl });

const OPTIONS_INVALID = fill(M.optionsInvalid, { maxKeys: L.optionsMaxKeys, maxJsonLength: L.optionsMaxJsonLength });
/** Free-form and stored as given, so held to a number of entries and a size. */
const options = z
  .record(z.string().max(100, { error: OPTIONS_INVALID }), z.unknown(), { error: OPTIONS_INVALID })
  .refine((value) => Object.keys(value).length <= L.optionsMaxKeys, { error: OPTIONS_INVALID })
  .refine((value) => JSON.stringify(value).length <= L.optionsMaxJsonLength, { error: OPTIONS_INVALID })
  .meta({ maxProperties: L.optionsMaxKeys });

const configFields = {
  name: requiredText(M.nameRequired, 'Name', L.nameMaxLength),
  type: z.enum(CRAWLER_CONFIG_TYPES, { error: M.typeRequired }),
  apiKey,
  apiEndpoint,
  options,
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
    apiKey: z.string({ error: M.apiKeyRequiredForTesting }).trim().max(L.apiKeyMaxLength, { error: API_KEY_TOO_LONG }).optional(),
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
    .max(LIMITS.urlMaxLength, { error: formatMessage.inputTooLong('URL', LIMITS.urlMaxLength) })
    .refine(isHttpUrl, { error: MESSAGES.crawls.enterValidUrl }),
  render_js: z.boolean().default(false),
});
