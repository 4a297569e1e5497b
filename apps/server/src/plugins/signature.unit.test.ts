import { describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error.ts';
import { memoryCounterStore } from '../lib/counter-store.ts';
import { hmacSha256Hex } from '../lib/crypto.ts';
import { verifySignature } from './signature.ts';

const apps = new Map([['web', 'secret-value']]);
const now = 1_800_000_000_000;
const options = () => ({ apps, nonceMaxAgeSeconds: 300, store: memoryCounterStore(() => now), now: () => now });
const nonceAt = (ms: number) => `${ms}-0123456789abcdef0123456789abcdef`;
const headers = (nonce: string, secret = 'secret-value', id = 'web') => ({
  applicationid: id,
  nonce,
  signature: hmacSha256Hex(secret, nonce),
});

async function codeOf(promise: Promise<void>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof AppError ? `${error.code}:${error.options.text?.key}` : 'other';
  }
}

describe('verifySignature (DESIGN §4)', () => {
  it('accepts a fresh, correctly signed nonce once', async () => {
    const o = options();
    expect(await codeOf(verifySignature(headers(nonceAt(now)), o))).toBeUndefined();
    expect(await codeOf(verifySignature(headers(nonceAt(now)), o))).toBe('INVALID_PAYLOAD:nonceInvalid');
  });

  it('refuses missing headers', async () => {
    expect(await codeOf(verifySignature({}, options()))).toBe('INVALID_PAYLOAD:signatureMissing');
    const { signature: _s, ...noSignature } = headers(nonceAt(now));
    expect(await codeOf(verifySignature(noSignature, options()))).toBe('INVALID_PAYLOAD:signatureMissing');
  });

  it('refuses an unknown application and a wrong secret', async () => {
    expect(await codeOf(verifySignature(headers(nonceAt(now), 'secret-value', 'other'), options()))).toBe(
      'ACCESS_DENIED:unknownApplication',
    );
    expect(await codeOf(verifySignature(headers(nonceAt(now), 'wrong-secret'), options()))).toBe('ACCESS_DENIED:signatureInvalid');
  });

  it('accepts an upper-case hex signature', async () => {
    const h = headers(nonceAt(now));
    expect(await codeOf(verifySignature({ ...h, signature: h.signature.toUpperCase() }, options()))).toBeUndefined();
  });

  it('refuses stale, future and malformed nonces', async () => {
    expect(await codeOf(verifySignature(headers(nonceAt(now - 301_000)), options()))).toBe('INVALID_PAYLOAD:nonceInvalid');
    expect(await codeOf(verifySignature(headers(nonceAt(now + 301_000)), options()))).toBe('INVALID_PAYLOAD:nonceInvalid');
    expect(await codeOf(verifySignature(headers(`${now}-short`), options()))).toBe('INVALID_PAYLOAD:nonceInvalid');
    expect(await codeOf(verifySignature(headers('not-a-nonce'), options()))).toBe('INVALID_PAYLOAD:nonceInvalid');
  });
});
