import { randomBytes } from 'node:crypto';

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

/** First bytes of the kinds an upload test needs, followed by random content. */
export const fileBytes = {
  zip: (size = 256) =>
    Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(Math.max(0, size - 4))]),
  emptyZip: () => Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]),
  rar: (size = 256) =>
    Buffer.concat([Buffer.from('Rar!\x1a\x07\x01\x00', 'latin1'), randomBytes(Math.max(0, size - 8))]),
  exe: (size = 256) =>
    Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), randomBytes(Math.max(0, size - 4))]),
};
