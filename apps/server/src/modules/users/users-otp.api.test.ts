import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { contract } from '@tutoria/shared';
import { loginAttempts, oneTimeCodes, users } from '../../db/schema/index.ts';
import { buildUser, sessionFor, tableCounts } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import type { OtpMessage } from './otp-sender.ts';

// The default sender writes codes to the log; here it hands them to the test instead.
const outbox = vi.hoisted(() => [] as OtpMessage[]);
vi.mock('./otp-sender.ts', () => ({
  logOtpSender: () => ({
    send: async (message: OtpMessage) => {
      outbox.push(message);
    },
  }),
}));

const c = contract.users;
let t: TestApp;
let phoneSeq = 0;
const newPhone = () => `+4477009${String(++phoneSeq).padStart(5, '0')}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => {
  outbox.length = 0;
});

const requestCode = (phoneNumber: string) => t.call(c.oneTimePassword, { body: { phoneNumber } });
const loginWith = (phoneNumber: string, code: string) =>
  t.call(c.oneTimePasswordLogin, { body: { phoneNumber, code } });

describe('user/oneTimePassword sign-in', () => {
  it('sends a 6-digit code, stored only hashed, that signs in once and is recorded in the login history', async () => {
    const phone = newPhone();
    const user = await buildUser(t.db, { role: 'Student', phoneNumber: phone });
    const res = await requestCode(phone.replace('+44', '+44 '));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isSuccess: true, message: 'A verification code has been sent.' });
    expect(outbox).toHaveLength(1);
    const [{ code, to, purpose }] = outbox as [OtpMessage];
    expect(code).toMatch(/^\d{6}$/);
    expect(to).toBe(phone);
    expect(purpose).toBe('signIn');
    const stored = await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userKey, user.publicKey));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(stored[0]!.expiresAt.getTime() - stored[0]!.createdAt.getTime()).toBeGreaterThan(595_000);
    expect(stored[0]!.expiresAt.getTime() - stored[0]!.createdAt.getTime()).toBeLessThan(605_000);

    const signedIn = await loginWith(phone, code);
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json().access_token;
    expect((await t.call(contract.auth.getUser, {}, { token })).json().publicKey).toBe(user.publicKey);
    const again = await loginWith(phone, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_OTP', message: 'Wrong OTP was provided' });
    const history = await t.db.select().from(loginAttempts).where(eq(loginAttempts.userKey, user.publicKey));
    expect(history.filter((h) => h.success)).toHaveLength(1);
  });

  it('refuses a wrong code (recorded as a failed sign-in) and burns the code after five wrong tries', async () => {
    const phone = newPhone();
    const user = await buildUser(t.db, { phoneNumber: phone });
    await requestCode(phone);
    const { code } = outbox[0]!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await loginWith(phone, wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_OTP');
    }
    expect((await loginWith(phone, code)).json().code).toBe('INVALID_OTP');
    const failures = await t.db.select().from(loginAttempts).where(eq(loginAttempts.userKey, user.publicKey));
    expect(failures.filter((f) => !f.success).length).toBeGreaterThanOrEqual(5);
  });

  it('refuses an expired code and keeps only the newest code alive', async () => {
    const phone = newPhone();
    const user = await buildUser(t.db, { phoneNumber: phone });
    await requestCode(phone);
    await requestCode(phone);
    const [first, second] = outbox as [OtpMessage, OtpMessage];
    if (first.code !== second.code)
      expect((await loginWith(phone, first.code)).json().code).toBe('INVALID_OTP');
    await t.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.userKey, user.publicKey));
    expect((await loginWith(phone, second.code)).json().code).toBe('INVALID_OTP');
  });

  it('answers the same for an unknown or inactive number and sends nothing', async () => {
    const archived = newPhone();
    await buildUser(t.db, { phoneNumber: archived, status: 'archived' });
    for (const phone of [newPhone(), archived]) {
      const res = await requestCode(phone);
      expect(res.json()).toEqual({ isSuccess: true, message: 'A verification code has been sent.' });
    }
    expect(outbox).toHaveLength(0);
    expect((await loginWith(archived, '123456')).json().code).toBe('INVALID_OTP');
  });

  it('limits how many codes a number may ask for', async () => {
    const phone = newPhone();
    await buildUser(t.db, { phoneNumber: phone });
    for (let i = 0; i < 3; i++) expect((await requestCode(phone)).statusCode).toBe(200);
    const limited = await requestCode(phone);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'REQUESTS_EXCEEDED',
      message: 'Too many codes requested. Please wait 10 minutes and try again.',
    });
    expect(outbox).toHaveLength(3);
  });

  it('refuses bad input and writes nothing', async () => {
    const before = await tableCounts(t.db);
    const noCode = await requestCode('07700900123');
    expect(noCode.json()).toMatchObject({
      code: 'FAILED_VALIDATION',
      details: [{ field: 'phoneNumber', message: 'must start with country code' }],
    });
    const shortCode = await loginWith(newPhone(), '12345');
    expect(shortCode.json()).toMatchObject({
      code: 'FAILED_VALIDATION',
      details: [{ field: 'code', message: 'Code must be 6 digits.' }],
    });
    const missing = await t.call(c.oneTimePasswordLogin, { body: {} as never });
    expect(
      missing
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['code', 'phoneNumber']);
    expect(await tableCounts(t.db)).toEqual(before);
  });
});

describe('user/requestmoblieverify and user/verify', () => {
  it('verifies the signed-in user’s phone number with a code sent to it', async () => {
    const phone = newPhone();
    const user = await buildUser(t.db, { role: 'Teacher', phoneNumber: phone });
    const token = await sessionFor(t.db, user);
    const sent = await t.call(c.requestPhoneVerify, { body: {} }, { token });
    expect(sent.statusCode).toBe(200);
    expect(outbox).toMatchObject([{ to: phone, purpose: 'verifyPhone', userKey: user.publicKey }]);
    const wrong = await t.call(
      c.verifyPhone,
      { body: { code: outbox[0]!.code === '999999' ? '000000' : '999999' } },
      { token },
    );
    expect(wrong.json().code).toBe('INVALID_OTP');
    // A sign-in code never verifies a phone, nor the other way round.
    const ok = await t.call(c.verifyPhone, { body: { code: outbox[0]!.code } }, { token });
    expect(ok.json()).toEqual({ isSuccess: true, message: 'Your phone number has been verified.' });
    const [row] = await t.db.select().from(users).where(eq(users.publicKey, user.publicKey));
    expect(row!.phoneVerifiedAt).not.toBeNull();
    expect((await t.call(c.verifyPhone, { body: { code: outbox[0]!.code } }, { token })).json().code).toBe(
      'INVALID_OTP',
    );
    expect((await loginWith(phone, outbox[0]!.code)).json().code).toBe('INVALID_OTP');
  });

  it('needs a phone number on the account', async () => {
    const user = await buildUser(t.db, { role: 'Teacher' });
    const res = await t.call(c.requestPhoneVerify, { body: {} }, { token: await sessionFor(t.db, user) });
    expect(res.json()).toMatchObject({
      code: 'FAILED_VALIDATION',
      message: 'There is no phone number on this account.',
    });
    expect(outbox).toHaveLength(0);
  });

  it('changing the phone number clears its verification', async () => {
    const admin = await buildUser(t.db, { role: 'Admin' });
    const user = await buildUser(t.db, { phoneNumber: newPhone(), phoneVerifiedAt: new Date() });
    const res = await t.call(
      c.edit,
      { body: { publicKey: user.publicKey, phoneNumber: newPhone() } },
      { token: await sessionFor(t.db, admin) },
    );
    expect(res.json().user.phoneVerified).toBe(false);
  });
});
