import { randomInt, randomUUID } from 'node:crypto';
import { AppError } from '../../http/app-error.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { RunInTransaction } from '../../db/transaction.ts';
import { writeAudit } from '../../db/audit.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { CounterStore } from '../../lib/counter-store.ts';
import { safeEqual, sha256 } from '../../lib/crypto.ts';
import type { AuthService, ClientInfo } from '../auth/auth.module.ts';
import type { OtpPurpose, OtpSender } from './otp-sender.ts';
import * as codes from './one-time-codes.repo.ts';
import * as repo from './users.repo.ts';

/**
 * One-time codes (DESIGN §5): 6 digits, single use, 10-minute life, stored as a salted hash, sent
 * through a pluggable sender; sends and checks are rate-limited per number, per account and per IP.
 * `oneTimePassword` signs in with a code; `requestmoblieverify` and `verify` prove the caller's phone.
 */
const OTP_TTL_SECONDS = 600;
const OTP_MAX_FAILURES = 5;
const OTP_SENDS_PER_WINDOW = 3;
const OTP_CHECKS_PER_WINDOW = 10;

export interface OneTimeCodesDeps {
  db: Db;
  transaction: RunInTransaction;
  config: Config;
  store: CounterStore;
  auth: AuthService;
  sender: OtpSender;
}

export type OneTimeCodesService = ReturnType<typeof createOneTimeCodesService>;

const validation = (field: string, key: 'otpNoPhone') =>
  new AppError('FAILED_VALIDATION', { fields: [{ field, key }] });

export function createOneTimeCodesService({ db, transaction, config, store, auth, sender }: OneTimeCodesDeps) {
  async function sendCode(user: { publicKey: string; phoneNumber: string }, purpose: OtpPurpose) {
    const id = randomUUID();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await transaction((tx) =>
      codes.insertOneTimeCode(tx, {
        id,
        userKey: user.publicKey,
        purpose,
        codeHash: sha256(`${id}:${code}`),
        expiresAt: new Date(Date.now() + OTP_TTL_SECONDS * 1000),
      }),
    );
    await sender.send({ to: user.phoneNumber, code, purpose, userKey: user.publicKey });
  }

  /** Checks a code; a wrong one counts against it and burns it after a few tries. Single use. */
  async function checkCode(userKey: string, purpose: OtpPurpose, code: string): Promise<boolean> {
    return transaction(async (tx) => {
      const live = await codes.liveOneTimeCode(tx, userKey, purpose);
      if (!live) return false;
      if (!safeEqual(sha256(`${live.id}:${code}`), live.codeHash)) {
        await codes.failOneTimeCode(tx, live.id, OTP_MAX_FAILURES);
        return false;
      }
      await codes.useOneTimeCode(tx, live.id);
      return true;
    });
  }

  async function limit(key: string, max: number) {
    if ((await store.increment(key, OTP_TTL_SECONDS)) > max) {
      throw new AppError('REQUESTS_EXCEEDED', {
        text: { key: 'otpTooMany', values: { minutes: OTP_TTL_SECONDS / 60 } },
      });
    }
  }

  return {
    /** `requestmoblieverify`: a code to the caller's own phone. */
    async requestPhoneVerify(caller: SessionUser, client: ClientInfo): Promise<void> {
      const user = await repo.findUserRow(db, caller.publicKey);
      if (!user?.phoneNumber) throw validation('phoneNumber', 'otpNoPhone');
      await limit(`otp:ip:${client.ip}`, config.login.maxAttemptsPerIp);
      await limit(`otp:send:verifyPhone:${caller.publicKey}`, OTP_SENDS_PER_WINDOW);
      await sendCode({ publicKey: caller.publicKey, phoneNumber: user.phoneNumber }, 'verifyPhone');
    },

    async verifyPhone(caller: SessionUser, code: string): Promise<void> {
      await limit(`otp:check:verifyPhone:${caller.publicKey}`, OTP_CHECKS_PER_WINDOW);
      if (!(await checkCode(caller.publicKey, 'verifyPhone', code))) throw new AppError('INVALID_OTP');
      await transaction(async (tx) => {
        await codes.markPhoneVerified(tx, caller.publicKey);
        await writeAudit(tx, {
          actorKey: caller.publicKey,
          action: 'user.verifyPhone',
          entity: 'user',
          entityId: caller.publicKey,
        });
      });
    },

    /** `oneTimePassword`: the same answer whether or not the number belongs to an active account. */
    async oneTimePassword(phoneNumber: string, client: ClientInfo): Promise<void> {
      await limit(`otp:ip:${client.ip}`, config.login.maxAttemptsPerIp);
      await limit(`otp:send:signIn:${phoneNumber}`, OTP_SENDS_PER_WINDOW);
      const user = await codes.findActiveUserByPhone(db, phoneNumber);
      if (user) await sendCode({ publicKey: user.publicKey, phoneNumber }, 'signIn');
    },

    async oneTimePasswordLogin(phoneNumber: string, code: string, client: ClientInfo) {
      await limit(`otp:check:signIn:${phoneNumber}`, OTP_CHECKS_PER_WINDOW);
      const user = await codes.findActiveUserByPhone(db, phoneNumber);
      if (!user) throw new AppError('INVALID_OTP');
      if (!(await checkCode(user.publicKey, 'signIn', code))) {
        await auth.recordFailedSignIn(user, client);
        throw new AppError('INVALID_OTP');
      }
      return auth.signInVerified(user, client);
    },
  };
}
