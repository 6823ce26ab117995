import { z } from 'zod';
import { GLOB_LIMITS, translateGlob } from '../glob';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { isHttpUrl } from './common';

const M = MESSAGES.crawlerSettings;

/** Lines of a textarea, trimmed, blanks dropped. Arrays pass through, so the API accepts either. */
export const splitLines = (value: unknown): unknown =>
  typeof value === 'string'
    ? value
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean)
    : Array.isArray(value)
      ? value.map((line) => (typeof line === 'string' ? line.trim() : line)).filter((line) => line !== '')
      : value;

const DOMAIN = /^(?=.{1,253}$)(\*\.)?([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
export const isDomain = (value: string) => DOMAIN.test(value);

const QUERY_PARAM = /^[\w.\-[\]]{1,100}$/;

/**
 * A compound selector the crawler can match while it streams a page (no DOM): tag, #id, .class,
 * [attr], [attr="value"], combined without spaces, e.g. div.cookie-banner or [data-nosnippet].
 */
const IGNORE_SELECTOR = /^(?:[a-z][a-z0-9-]*|\*)?(?:#[\w-]+|\.[\w-]+|\[[\w-]+(?:="[^"\]]*")?\])*$/i;
export const isIgnoreSelector = (value: string) => value !== '' && value !== '*' && IGNORE_SELECTOR.test(value);

const ignoreLines = (valid: (line: string) => boolean, message: string) =>
  z.preprocess(
    splitLines,
    z
      .array(z.string().max(LIMITS.changeIgnores.maxLineLength, { error: M.ignoreLineTooLong }).refine(valid, { error: message }))
      .max(LIMITS.changeIgnores.maxLines, { error: M.tooManyIgnoreLines })
      .default([]),
  );

const wholeNumber = (required: string, min: number, minMessage: string, max: number, maxMessage: string) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value),
    z
      .number({ error: (issue) => (issue.input === undefined ? required : M.wholeNumber) })
      .int({ error: M.wholeNumber })
      .min(min, { error: minMessage })
      .max(max, { error: maxMessage }),
  );

/**
 * Per-vendor crawl settings. The API and the form both validate with this,
 * so every rule and message is written once.
 */
export const crawlerSettingsSchema = z.object({
  maxPages: wholeNumber(M.maxPagesRequired, LIMITS.maxPages.min, M.maxPagesMin, LIMITS.maxPages.max, M.maxPagesMax),
  crawlDelay: wholeNumber(
    M.crawlDelayRequired,
    LIMITS.crawlDelayMs.min,
    M.crawlDelayMin,
    LIMITS.crawlDelayMs.max,
    M.crawlDelayMax,
  ),
  startUrls: z.preprocess(
    splitLines,
    z
      .array(
        z
          .string({ error: M.invalidUrl })
          .max(LIMITS.urlMaxLength, { error: M.invalidUrl })
          .refine(isHttpUrl, { error: M.invalidUrl }),
        {
          error: M.startUrlsRequired,
        },
      )
      .min(1, { error: M.startUrlsRequired })
      .max(100, { error: M.tooManyLines }),
  ),
  allowedDomains: z.preprocess(
    splitLines,
    z
      .array(
        z.string({ error: M.invalidDomain }).max(253, { error: M.invalidDomain }).refine(isDomain, { error: M.invalidDomain }),
      )
      .max(100, { error: M.tooManyLines })
      .default([]),
  ),
  excludePatterns: z.preprocess(
    splitLines,
    z
      .array(
        z
          .string()
          .min(1)
          .max(500, { error: M.lineTooLong })
          // Bounded so that the worker's matcher stays small whatever a user saves.
          .refine((pattern) => translateGlob(pattern).wildcards <= GLOB_LIMITS.maxWildcards, { error: M.tooManyWildcards })
          .refine((pattern) => translateGlob(pattern).alternatives <= GLOB_LIMITS.maxAlternatives, {
            error: M.tooManyAlternatives,
          }),
      )
      .max(100, { error: M.tooManyLines })
      .default([]),
  ),
  keepQueryParams: z.preprocess(
    splitLines,
    z
      .array(z.string().regex(QUERY_PARAM, { error: M.invalidQueryParam }))
      .max(100, { error: M.tooManyLines })
      .default([]),
  ),
  ignoreSelectors: ignoreLines(isIgnoreSelector, M.invalidIgnoreSelector),
  ignoreTextPatterns: ignoreLines((line) => line.replace(/\*/g, '').trim() !== '', M.invalidIgnorePattern),
});
export type CrawlerSettingsInput = z.input<typeof crawlerSettingsSchema>;
export type CrawlerSettings = z.output<typeof crawlerSettingsSchema>;
