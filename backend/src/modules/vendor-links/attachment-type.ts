import type { AttachmentType } from '@vendorwatch/contracts';

/**
 * The three kinds of file a vendor may attach, told by their first bytes (their "magic numbers", as
 * the `file-type` package reads them): a PDF starts `%PDF-`, a PNG with its 8-byte signature, a JPEG
 * with FF D8 FF. What a file is called or claims to be never decides its type.
 */
const SIGNATURES: { type: AttachmentType; bytes: number[] }[] = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
];

/** The file's type by its content; null when it is none of the three. */
export function attachmentTypeOf(content: Buffer): AttachmentType | null {
  return (
    SIGNATURES.find(({ bytes }) => content.length >= bytes.length && bytes.every((byte, i) => content[i] === byte))?.type ?? null
  );
}

const BY_EXTENSION: Record<string, AttachmentType> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

/**
 * The type the upload claims, by its declared media type or else its name's extension; null when it
 * claims nothing we know (application/octet-stream, no extension). A claim that contradicts the
 * content is a file lying about its type.
 */
export function claimedTypeOf(fileName: string, mimeType: string): AttachmentType | null {
  const declared = mimeType.toLowerCase().split(';')[0]!.trim();
  if (declared === 'image/jpg' || declared === 'image/pjpeg') return 'image/jpeg';
  if (declared === 'application/pdf' || declared === 'image/png' || declared === 'image/jpeg') return declared;
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  return extension ? (BY_EXTENSION[extension] ?? null) : null;
}

export const TYPE_NAMES: Record<AttachmentType, string> = {
  'application/pdf': 'a PDF',
  'image/png': 'a PNG image',
  'image/jpeg': 'a JPEG image',
};
