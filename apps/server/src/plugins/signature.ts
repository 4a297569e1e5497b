import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../http/app-error.ts';
import type { CounterStore } from '../lib/counter-store.ts';
import { hmacSha256Hex, safeEqual } from '../lib/crypto.ts';

const NONCE_PATTERN = /^(\d{10,16})-([0-9a-f]{16,128})$/i;

export interface SignatureOptions {
  apps: ReadonlyMap<string, string>;
  nonceMaxAgeSeconds: number;
  store: CounterStore;
  now?: () => number;
}

/**
 * DESIGN §4: every API call but the unsigned ones names its application and signs a fresh nonce
 * with that application's secret. It identifies the caller's application; it is not authentication.
 */
export async function verifySignature(
  headers: Record<string, string | string[] | undefined>,
  options: SignatureOptions,
): Promise<void> {
  const applicationId = single(headers['applicationid']);
  const nonce = single(headers['nonce']);
  const signature = single(headers['signature']);
  if (!applicationId || !nonce || !signature) {
    throw new AppError('INVALID_PAYLOAD', { text: { key: 'signatureMissing' } });
  }
  const secret = options.apps.get(applicationId);
  if (!secret) throw new AppError('ACCESS_DENIED', { text: { key: 'unknownApplication' } });
  if (!safeEqual(hmacSha256Hex(secret, nonce), signature.toLowerCase())) {
    throw new AppError('ACCESS_DENIED', { text: { key: 'signatureInvalid' } });
  }
  const match = NONCE_PATTERN.exec(nonce);
  const now = (options.now ?? Date.now)();
  const maxAgeMs = options.nonceMaxAgeSeconds * 1000;
  if (!match || Math.abs(now - Number(match[1])) > maxAgeMs) {
    throw new AppError('INVALID_PAYLOAD', { text: { key: 'nonceInvalid' } });
  }
  // Remembered for twice the window so a nonce can never be replayed while its time is acceptable.
  const fresh = await options.store.claim(`nonce:${applicationId}:${nonce}`, options.nonceMaxAgeSeconds * 2);
  if (!fresh) throw new AppError('INVALID_PAYLOAD', { text: { key: 'nonceInvalid' } });
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export const signaturePlugin = fp(async (app: FastifyInstance, options: SignatureOptions) => {
  app.addHook('onRequest', async (request) => {
    const endpoint = request.routeOptions.config.endpoint;
    if (!endpoint || endpoint.unsigned) return;
    await verifySignature(request.headers, options);
  });
});
