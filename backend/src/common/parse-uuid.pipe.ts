import type { PipeTransform } from '@nestjs/common';
import { NotFoundError } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id that is not a UUID cannot name any record: 404, as for a record that is not the caller's. */
export class ParseIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!UUID.test(value)) throw new NotFoundError();
    return value.toLowerCase();
  }
}
