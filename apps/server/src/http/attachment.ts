import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / 5987). */
export function attachmentHeader(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const exact = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`;
}

/** Sends a file (a buffer, or a stream of unknown length) as a private, never-cached attachment. */
export function sendAttachment(
  reply: FastifyReply,
  file: {
    body: Buffer | Readable;
    contentType: string;
    fileName: string;
    headers?: Record<string, string | number>;
  },
) {
  if (Buffer.isBuffer(file.body)) reply.header('content-length', file.body.length);
  for (const [name, value] of Object.entries(file.headers ?? {})) reply.header(name, value);
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachmentHeader(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
