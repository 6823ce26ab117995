import { BadRequestException, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import type { ZodType } from 'zod';
import { noteValidatedBody } from '../modules/audit-log/audit-notes';

/**
 * Validates a body, query or param against a shared contracts schema. A 400 carries the first
 * problem as `message` (the spec's text) and every problem in `errors`, so forms can place them.
 */
export class ZodValidationPipe<T extends ZodType> implements PipeTransform<unknown, unknown> {
  constructor(private readonly schema: T) {}

  transform(value: unknown, metadata?: ArgumentMetadata): unknown {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) {
      // An audited route's entry records the input as accepted (trimmed, defaulted), not as sent.
      if (metadata?.type === 'body') noteValidatedBody(result.data);
      return result.data;
    }
    const errors = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
    throw new BadRequestException({ message: errors[0]?.message ?? 'Validation failed', errors });
  }
}

/** `@Body(validate(schema))` reads better than constructing the pipe inline. */
export const validate = <T extends ZodType>(schema: T) => new ZodValidationPipe(schema);
