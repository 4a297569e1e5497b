import { createCipheriv, createDecipheriv, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import type { Transform } from 'node:stream';

/**
 * Optional encryption of a backup file (docs/decisions.md "Backups and restore"): AES-256-GCM with a
 * key derived by scrypt (N=2^15, r=8, p=1) from BACKUP_KEY and a random 16-byte salt. Layout:
 * magic `TBKENC01` · salt (16) · IV (12) · key check (32) · ciphertext · GCM tag (16). The header is
 * the cipher's additional data, so changing any of it fails the tag; the key check (an HMAC made
 * with the second half of the derived bytes) tells a wrong key apart from a damaged file.
 */
const MAGIC = Buffer.from('TBKENC01', 'ascii');
const SALT = 16;
const IV = 12;
const CHECK = 32;
const TAG = 16;
export const ENCRYPTED_HEADER_BYTES = MAGIC.length + SALT + IV + CHECK;

export class BackupKeyError extends Error {}

function deriveKeys(secret: string, salt: Buffer): Promise<{ key: Buffer; check: Buffer }> {
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, 64, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }, (error, bytes) => {
      if (error) return reject(error);
      const check = createHmac('sha256', bytes.subarray(32)).update('tutoria-backup-key-check').digest();
      resolve({ key: bytes.subarray(0, 32), check });
    });
  });
}

/** The header and the cipher for a new encrypted file; append `tag()` after the last byte. */
export async function encryptor(secret: string): Promise<{ header: Buffer; cipher: Transform & { getAuthTag(): Buffer } }> {
  const salt = randomBytes(SALT);
  const iv = randomBytes(IV);
  const { key, check } = await deriveKeys(secret, salt);
  const header = Buffer.concat([MAGIC, salt, iv, check]);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(header);
  return { header, cipher };
}

/** Whether a backup file is encrypted (its first bytes). */
export async function isEncrypted(file: string): Promise<boolean> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const start = Buffer.alloc(MAGIC.length);
    await handle.read(start, 0, MAGIC.length, 0);
    return start.equals(MAGIC);
  } finally {
    await handle.close();
  }
}

/**
 * The decipher for an encrypted file, checked against the key first, and the byte range of its
 * ciphertext. The tag is verified when the stream ends: a changed byte fails there.
 */
export async function decryptor(file: string, secret: string | undefined) {
  if (!secret) throw new BackupKeyError('This backup is encrypted: set BACKUP_KEY to the key it was made with.');
  const { size } = await fs.promises.stat(file);
  if (size < ENCRYPTED_HEADER_BYTES + TAG) throw new Error('The backup file is too short: it is damaged.');
  const handle = await fs.promises.open(file, 'r');
  const header = Buffer.alloc(ENCRYPTED_HEADER_BYTES);
  const tag = Buffer.alloc(TAG);
  try {
    await handle.read(header, 0, header.length, 0);
    await handle.read(tag, 0, TAG, size - TAG);
  } finally {
    await handle.close();
  }
  const salt = header.subarray(MAGIC.length, MAGIC.length + SALT);
  const iv = header.subarray(MAGIC.length + SALT, MAGIC.length + SALT + IV);
  const check = header.subarray(MAGIC.length + SALT + IV);
  const keys = await deriveKeys(secret, salt);
  if (!timingSafeEqual(keys.check, check)) {
    throw new BackupKeyError('BACKUP_KEY is not the key this backup was encrypted with: restore refused.');
  }
  const decipher = createDecipheriv('aes-256-gcm', keys.key, iv);
  decipher.setAAD(header);
  decipher.setAuthTag(tag);
  return { decipher, start: ENCRYPTED_HEADER_BYTES, end: size - TAG - 1 };
}
