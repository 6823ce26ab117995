import { BadRequestException, type PipeTransform } from '@nestjs/common';
import { MESSAGES } from '@vendorwatch/contracts';

/** Where the first NUL character sits in a parsed body, query or parameter (keys included), or null. */
export function findNul(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || 'value' : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '\\u0000')].join('.');
    const found = findNul(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL cannot store the NUL character in text or jsonb: a string holding one fails the
 * statement. Every route's input passes here first (a global pipe), so such input is a 400 that
 * names the field, in whichever error shape the route's filter gives (the auth server's too).
 */
export class RejectNulPipe implements PipeTransform<unknown, unknown> {
  transform(value: unknown): unknown {
    const path = findNul(value);
    if (path !== null) {
      throw new BadRequestException({
        message: MESSAGES.generic.nulCharacter,
        errors: [{ path, message: MESSAGES.generic.nulCharacter }],
      });
    }
    return value;
  }
}
