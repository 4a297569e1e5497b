import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { USER_IMAGE_NAME_PATTERN, USER_IMAGE_PATH_PREFIX } from '@tutoria/shared';

/** The image types a profile picture may have, recognised by their first bytes, never by name or header. */
const kinds = [
  {
    ext: 'png',
    type: 'image/png',
    test: (b: Buffer) =>
      b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    ext: 'jpg',
    type: 'image/jpeg',
    test: (b: Buffer) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  },
  {
    ext: 'webp',
    type: 'image/webp',
    test: (b: Buffer) =>
      b.length > 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP',
  },
] as const;

export type ImageExt = (typeof kinds)[number]['ext'];

export function sniffImage(buffer: Buffer): (typeof kinds)[number] | undefined {
  return kinds.find((k) => k.test(buffer));
}

export const contentTypeOf = (name: string) =>
  kinds.find((k) => name.endsWith(`.${k.ext}`))?.type ?? 'application/octet-stream';

/** Profile images live under DATA_DIR/files/user-images with server-made random names. */
export function userImageStore(filesDir: string) {
  const dir = path.join(filesDir, 'user-images');
  const fileOf = (name: string) => (USER_IMAGE_NAME_PATTERN.test(name) ? path.join(dir, name) : null);
  return {
    async save(buffer: Buffer, ext: ImageExt): Promise<string> {
      await fs.mkdir(dir, { recursive: true });
      const name = `${randomBytes(18).toString('base64url')}.${ext}`;
      await fs.writeFile(path.join(dir, name), buffer, { flag: 'wx' });
      return `${USER_IMAGE_PATH_PREFIX}${name}`;
    },
    /** The stored image behind a name, or null for a malformed or unknown name. */
    async read(name: string): Promise<Buffer | null> {
      const file = fileOf(name);
      if (!file) return null;
      try {
        return await fs.readFile(file);
      } catch {
        return null;
      }
    },
    /** Whether an imageUrl points at an image this server stored. */
    async exists(imageUrl: string): Promise<boolean> {
      const file = imageUrl.startsWith(USER_IMAGE_PATH_PREFIX)
        ? fileOf(imageUrl.slice(USER_IMAGE_PATH_PREFIX.length))
        : null;
      if (!file) return false;
      try {
        return (await fs.stat(file)).isFile();
      } catch {
        return false;
      }
    },
  };
}
export type UserImageStore = ReturnType<typeof userImageStore>;
