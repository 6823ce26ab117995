import type { PipeTransform } from '@nestjs/common';
import { MESSAGES, vendorLinkTokenSchema } from '@vendorwatch/contracts';
import { NotFoundError } from '../../common/errors';

/**
 * The `:token` of a portal route: something that cannot be a link's token (43 to 64 base64url
 * characters) answers the dead link's 404 before anything is looked up. `schema` documents it.
 */
export class LinkTokenPipe implements PipeTransform<string, string> {
  readonly schema = vendorLinkTokenSchema;

  transform(value: string): string {
    if (!this.schema.safeParse(value).success) throw new NotFoundError(MESSAGES.remediation.linkInvalid);
    return value;
  }
}
