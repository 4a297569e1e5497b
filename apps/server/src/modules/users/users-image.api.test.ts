import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, USER_IMAGE_MAX_BYTES } from '@tutoria/shared';
import { buildUser, sessionFor, tableCounts } from '../../../test/factories.ts';
import { signedHeaders } from '../../../test/signing.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const c = contract.users;
let t: TestApp;
let dataDir: string;
let token: string;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP'), Buffer.alloc(64, 3)]);

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutoria-images-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  token = await sessionFor(t.db, await buildUser(t.db, { role: 'Admin' }));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function multipart(content: Buffer, filename = 'photo.png', contentType = 'image/png') {
  const boundary = '----tutoria' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

const upload = (content: Buffer, filename?: string, contentType?: string, authToken = token) => {
  const body = multipart(content, filename, contentType);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/${c.uploadImage.path}`,
    headers: { ...signedHeaders(), authorization: `Bearer ${authToken}`, 'content-type': body.contentType, 'accept-language': 'en' },
    payload: body.payload,
  });
};

describe('user/uploadImage', () => {
  it.each([
    ['png', PNG],
    ['jpg', JPEG],
    ['webp', WEBP],
  ] as const)('stores a %s by its magic bytes under a random name and serves it back safely', async (ext, bytes) => {
    const res = await upload(bytes, 'whatever.gif', 'image/gif');
    expect(res.statusCode).toBe(200);
    const { imageUrl } = res.json();
    expect(imageUrl).toMatch(new RegExp(`^/api/v1/user/image/[A-Za-z0-9_-]{24}\\.${ext}$`));
    const served = await t.app.inject({ method: 'GET', url: imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    expect(served.headers['content-type']).toBe({ png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' }[ext]);
    expect(served.headers['content-disposition']).toMatch(/^attachment/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
  });

  it('refuses a file that is not an image whatever its name, an empty or missing file, and an oversized one', async () => {
    const script = await upload(Buffer.from('<script>alert(1)</script>'), 'evil.png', 'image/png');
    expect(script.statusCode).toBe(400);
    expect(script.json()).toMatchObject({ code: 'FAILED_VALIDATION', details: [{ field: 'file', message: 'File must be an image.' }] });
    const empty = await upload(Buffer.alloc(0));
    expect(empty.json()).toMatchObject({ code: 'FAILED_VALIDATION', details: [{ field: 'file', message: 'please choose your file' }] });
    const big = await upload(Buffer.concat([PNG, Buffer.alloc(USER_IMAGE_MAX_BYTES)]));
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ code: 'FAILED_VALIDATION', details: [{ field: 'file', message: 'File must be at most 2048 KB.' }] });
    const json = await t.call(c.uploadImage, {}, { token });
    expect(json.json()).toMatchObject({ code: 'FAILED_VALIDATION', details: [{ field: 'file' }] });
    expect(fs.readdirSync(path.join(dataDir, 'files', 'user-images')).filter((f) => !f.startsWith('.')).length).toBe(3);
  });

  it('is for user managers only', async () => {
    const teacher = await sessionFor(t.db, await buildUser(t.db, { role: 'Teacher' }));
    expect((await upload(PNG, 'a.png', 'image/png', teacher)).statusCode).toBe(403);
  });

  it('answers not found for an unknown or malformed name, without reading outside the folder', async () => {
    for (const name of ['AAAAAAAAAAAAAAAAAAAAAAAA.png', '..%2F..%2Fetc%2Fpasswd', 'x.svg']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/user/image/${name}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('FETCH_DATA_FAILED');
    }
  });

  it('an uploaded image becomes a user’s imageUrl; an address never uploaded is refused', async () => {
    const { imageUrl } = (await upload(PNG)).json();
    const body = { fullName: 'Pic Person', userName: `pic_${Date.now()}`, password: 'Photo#2024', role: 'Teacher' as const, imageUrl };
    const res = await t.call(c.register, { body }, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.imageUrl).toBe(imageUrl);
    const before = await tableCounts(t.db);
    const unknown = await t.call(
      c.edit,
      { body: { publicKey: res.json().user.publicKey, imageUrl: '/api/v1/user/image/BBBBBBBBBBBBBBBBBBBBBBBB.png' } },
      { token },
    );
    expect(unknown.json()).toMatchObject({ code: 'FAILED_VALIDATION', details: [{ field: 'imageUrl', message: 'Image is not an uploaded image.' }] });
    expect(await tableCounts(t.db)).toEqual(before);
    const cleared = await t.call(c.edit, { body: { publicKey: res.json().user.publicKey, imageUrl: null } }, { token });
    expect(cleared.json().user.imageUrl).toBeNull();
  });
});
