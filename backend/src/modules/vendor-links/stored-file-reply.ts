import type { FastifyReply } from 'fastify';

/** A file a vendor uploaded through its link, as kept: typed by content, with its SHA-256. */
export interface StoredFile {
  name: string;
  contentType: string;
  sha256: string;
  content: Buffer;
}

/**
 * Sends a vendor's file to a member as a download, never rendered by the browser: whatever it holds, it
 * cannot run as this origin's page (attachment, nosniff, a sandboxing CSP). `X-Content-SHA256` lets the
 * member check the file against the hash the app shows.
 */
export function sendStoredFile(reply: FastifyReply, file: StoredFile): FastifyReply {
  return reply
    .type(file.contentType)
    .header('content-disposition', contentDisposition(file.name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('x-content-sha256', file.sha256)
    .send(file.content);
}

/** `attachment` with the name: an ASCII fallback and the UTF-8 name (RFC 6266). */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_') || 'attachment';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
