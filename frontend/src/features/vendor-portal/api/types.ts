import { ATTACHMENT_TYPES, LIMITS } from '@vendorwatch/contracts';

export type { PortalCheck, PortalRecheck, PortalRequest, UploadedAttachment, VendorReplyStatus } from '@vendorwatch/contracts';

/** Files the vendor may attach; the server types them by content, the picker only offers them. */
export const PORTAL_ATTACHMENT = {
  maxBytes: LIMITS.remediation.maxAttachmentBytes,
  accept: [...ATTACHMENT_TYPES, '.pdf', '.png', '.jpg', '.jpeg'].join(','),
} as const;
