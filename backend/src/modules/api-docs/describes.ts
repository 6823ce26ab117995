import { z } from 'zod';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * A response schema checked against the contract type it documents: `describes<Vendor>()(z.object(…))`
 * fails to compile when the two drift apart, so the OpenAPI document cannot promise another shape.
 */
export const describes =
  <T>() =>
  <S extends z.ZodType>(schema: S & (Same<z.output<S>, T> extends true ? unknown : { mismatchWith: T })): S =>
    schema;

/** A timestamp as the API writes it (ISO 8601). */
export const isoDate = z.string().meta({ format: 'date-time' });
