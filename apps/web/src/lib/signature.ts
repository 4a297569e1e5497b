import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The headers that identify this application to the API (DESIGN §4): a fresh nonce per request and
 * its HMAC-SHA256. Computed in JavaScript because WebCrypto's `subtle` is missing on plain-http origins.
 */
export function signatureHeaders(applicationId: string, secret: string): Record<string, string> {
  const random = crypto.getRandomValues(new Uint8Array(16));
  const nonce = `${Date.now()}-${bytesToHex(random)}`;
  const signature = bytesToHex(hmac(sha256, utf8ToBytes(secret), utf8ToBytes(nonce)));
  return { ApplicationId: applicationId, Nonce: nonce, Signature: signature };
}
