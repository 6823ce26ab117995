import type { PipeTransform } from '@nestjs/common';
import type { ZodType } from 'zod';
import { AuthErrors } from '../gotrue-error';

/**
 * Checks the shape of a body or query (types only: the rules and their messages live in the
 * services, as in Supabase Auth). A wrong shape is a GoTrue `validation_failed`.
 */
class GoTrueInputPipe implements PipeTransform<unknown, unknown> {
  constructor(private readonly schema: ZodType) {}

  transform(value: unknown): unknown {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    const issue = result.error.issues[0];
    if (!issue) throw AuthErrors.validation('Invalid request');
    // Length limits carry their own complete message, naming the field.
    if (issue.code === 'too_big' || issue.code === 'custom') throw AuthErrors.validation(issue.message);
    throw AuthErrors.validation(`${issue.path.join('.') || 'body'}: ${issue.message}`);
  }
}

export const gotrueInput = (schema: ZodType) => new GoTrueInputPipe(schema);
