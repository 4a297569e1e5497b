import { randomBytes } from 'node:crypto';
import { hmacSha256Hex } from '../src/lib/crypto.ts';

export const TEST_APP_ID = 'tutoria-test';
export const TEST_SECRET = 'test-signing-secret';

export function makeNonce(at = Date.now()): string {
  return `${at}-${randomBytes(16).toString('hex')}`;
}

export function signedHeaders(nonce = makeNonce(), secret = TEST_SECRET, applicationId = TEST_APP_ID) {
  return { applicationid: applicationId, nonce, signature: hmacSha256Hex(secret, nonce) };
}
