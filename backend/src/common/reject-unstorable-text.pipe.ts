import { BadRequestException, type PipeTransform } from '@nestjs/common';
import { MESSAGES } from '@vendorwatch/contracts';

/** Why no column can store a string, or null when one can. */
function unstorable(text: string): string | null {
  if (text.includes('\u0000')) return MESSAGES.generic.nulCharacter;
  // A lone UTF-16 surrogate (JSON's "\ud800") has no UTF-8 form: PostgreSQL refuses the statement.
  if (!text.isWellFormed()) return MESSAGES.generic.loneSurrogate;
  return null;
}

/** Where the first string no column can store sits in a parsed body, query or parameter (keys included), and why. */
export function findUnstorableText(value: unknown, path: string[] = []): { path: string; message: string } | null {
  if (typeof value === 'string') {
    const message = unstorable(value);
    return message ? { path: path.join('.') || 'value', message } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const inKey = unstorable(key);
    if (inKey) return { path: [...path, key.replaceAll('\u0000', '\\u0000').toWellFormed()].join('.'), message: inKey };
    const found = findUnstorableText(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL cannot store the NUL character, nor a lone UTF-16 surrogate, in text or jsonb: a string
 * holding one fails the statement — possibly after an earlier statement of the same request went
 * through. Every route's input passes here first (a global pipe), so such input is a 400 that names
 * the field before anything is written, in whichever error shape the route's filter gives (the auth
 * server's too).
 */
export class RejectUnstorableTextPipe implements PipeTransform<unknown, unknown> {
  transform(value: unknown): unknown {
    const found = findUnstorableText(value);
    if (found) throw new BadRequestException({ message: found.message, errors: [found] });
    return value;
  }
}
