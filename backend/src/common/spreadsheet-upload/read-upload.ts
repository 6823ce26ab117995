import type { MultipartFile } from '@fastify/multipart';
import { fill, MESSAGES } from '@vendorwatch/contracts';
import type { FastifyRequest } from 'fastify';
import { BadRequestError } from '../errors';

const M = MESSAGES.vendorList;

/** An uploaded file, as a controller read it from the multipart body, with the form's text fields. */
export interface SpreadsheetUpload {
  fileName: string;
  mimeType: string;
  bytes: Buffer;
  /** The text fields sent before the file (a multipart stream gives them in order). */
  fields: Record<string, string>;
}

/**
 * The `file` part of a multipart request, read whole (at most `maxBytes`: the multipart plugin stops
 * reading beyond it). Anything else — no multipart body, no file, a bigger file — is the client's to
 * fix: 400 with what to send.
 */
export async function readSpreadsheetUpload(request: FastifyRequest, maxBytes: number): Promise<SpreadsheetUpload> {
  if (!request.isMultipart()) throw new BadRequestError(M.importFileRequired);
  let file: MultipartFile | undefined;
  try {
    file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  } catch {
    throw new BadRequestError(M.importFileRequired);
  }
  if (!file || file.fieldname !== 'file') throw new BadRequestError(M.importFileRequired);
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new BadRequestError(fill(M.importTooLarge, { max: maxBytes / 1024 / 1024 }));
    }
    throw new BadRequestError(M.importFileRequired);
  }
  if (bytes.length === 0) throw new BadRequestError(M.importEmpty);
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(file.fields)) {
    const field = Array.isArray(value) ? value[0] : value;
    if (field && field.type === 'field' && typeof field.value === 'string') fields[name] = field.value;
  }
  return { fileName: file.filename ?? '', mimeType: file.mimetype ?? '', bytes, fields };
}
