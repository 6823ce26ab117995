import { documentUploadFieldsSchema, fill, LIMITS, MESSAGES, type DocumentUploadFields } from '@vendorwatch/contracts';
import type { FastifyRequest } from 'fastify';
import { BadRequestError, DomainError } from '../../../common/errors';

const M = MESSAGES.remediation;
const Q = MESSAGES.questionnaires;
const MAX_MB = LIMITS.questionnaires.documentMaxBytes / 1024 / 1024;

export interface DocumentUpload extends DocumentUploadFields {
  fileName: string;
  mimeType: string;
  content: Buffer;
}

/**
 * The multipart body of a document: a `file` part (at most LIMITS.questionnaires.documentMaxBytes;
 * beyond it 413) and the `type` and `validUntil` fields, in any order.
 */
export async function readDocument(request: FastifyRequest): Promise<DocumentUpload> {
  if (!request.isMultipart()) throw new BadRequestError(Q.documentFileRequired);
  const fields: Record<string, string> = {};
  let file: { fileName: string; mimeType: string; content: Buffer } | undefined;
  try {
    const parts = request.parts({ limits: { fileSize: LIMITS.questionnaires.documentMaxBytes, files: 1, fields: 5, parts: 6 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if ((part.fieldname === 'type' || part.fieldname === 'validUntil') && typeof part.value === 'string')
          fields[part.fieldname] = part.value.trim();
      } else if (part.fieldname === 'file') {
        file = { fileName: part.filename ?? '', mimeType: part.mimetype ?? '', content: await part.toBuffer() };
      } else {
        await part.toBuffer(); // drain a part we do not want
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new DomainError(413, fill(M.fileTooLarge, { max: MAX_MB }));
    throw new BadRequestError(Q.documentFileRequired);
  }
  const parsed = documentUploadFieldsSchema.safeParse(fields);
  if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]?.message ?? MESSAGES.generic.validationFailed);
  if (!file) throw new BadRequestError(Q.documentFileRequired);
  if (file.content.length === 0) throw new BadRequestError(M.fileType);
  return { ...parsed.data, ...file };
}
