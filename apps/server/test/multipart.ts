import { randomBytes } from 'node:crypto';
import { rar5OfSize, zipArchive, zipOfSize } from './archives.ts';

export interface MultipartFilePart {
  filename: string;
  content: Buffer;
  field?: string;
  contentType?: string;
}

/** A multipart/form-data body as a browser sends it, for upload tests through app.inject. */
export function multipartBody(files: readonly MultipartFilePart[], fields: Record<string, string> = {}) {
  const boundary = `----tutoria${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    const filename = file.filename.replace(/"/g, '%22');
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${filename}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Files of the kinds an upload test needs: real archive structure, random content. */
export const fileBytes = {
  zip: (size = 256) => zipOfSize(size),
  emptyZip: () => zipArchive([]),
  rar: (size = 256) => rar5OfSize(size),
  exe: (size = 256) =>
    Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), randomBytes(Math.max(0, size - 4))]),
};
