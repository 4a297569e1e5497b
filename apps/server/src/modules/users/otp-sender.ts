import type { FastifyBaseLogger } from 'fastify';

export type OtpPurpose = 'signIn' | 'verifyPhone';

export interface OtpMessage {
  /** The phone number the code goes to, with its country code. */
  to: string;
  code: string;
  purpose: OtpPurpose;
  userKey: string;
}

/**
 * Delivers one-time codes (DESIGN §5). Pluggable: pass an SMS gateway's sender to `buildApp`
 * (`otpSender`); the default writes the code to the server log, for development and demos.
 */
export interface OtpSender {
  send(message: OtpMessage): Promise<void>;
}

export function logOtpSender(log: FastifyBaseLogger): OtpSender {
  return {
    async send({ to, code, purpose, userKey }) {
      log.info({ to, purpose, userKey }, `One-time code for ${to}: ${code} (valid 10 minutes)`);
    },
  };
}
