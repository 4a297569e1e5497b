import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** An opaque token of 256 random bits, URL-safe. */
export const randomToken = () => randomBytes(32).toString('base64url');

export const hmacSha256Hex = (key: string, message: string) => createHmac('sha256', key).update(message).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
