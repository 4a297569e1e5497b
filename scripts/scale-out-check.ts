// The scripted journey of DESIGN §13 against two processes behind nginx (scripts/scale-out.sh):
// requests reach both, a nonce used on one is refused on the other, a logout on one ends the
// session on the other, the migrations ran once, and the rate limits (per user, and per address
// without a session) count across both.
// `npx tsx scripts/scale-out-check.ts` (BASE_URL, DATABASE_URL to change the defaults).
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';

const base = (process.env.BASE_URL ?? 'http://127.0.0.1:4100').replace(/\/$/, '');
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tutoria_scale';
const [appId, secret] = (process.env.SIGNING_APPS ?? 'tutoria-web:tutoria-dev-secret').split(',')[0]!.split(':') as [string, string];

let failures = 0;
function check(what: string, ok: boolean, detail = ''): void {
  console.log(`${ok ? '✓' : '✗'} ${what}${detail ? ` — ${detail}` : ''}`);
  if (!ok) failures += 1;
}

const newNonce = () => `${Date.now()}-${randomBytes(16).toString('hex')}`;
function signed(nonce = newNonce()): Record<string, string> {
  return { applicationid: appId, nonce, signature: createHmac('sha256', secret).update(nonce).digest('hex') };
}

interface Answer {
  status: number;
  upstream: string;
  body: Record<string, unknown>;
}
async function call(method: string, path: string, headers: Record<string, string> = {}, body?: unknown): Promise<Answer> {
  const response = await fetch(`${base}/api/v1/${path}`, {
    method,
    headers: { 'accept-language': 'en', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, upstream: response.headers.get('x-upstream') ?? '?', body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}
/** Calls until the answer comes from a process other than `not` (round-robin alternates). */
async function callOn(not: string, send: () => Promise<Answer>): Promise<Answer> {
  for (let i = 0; i < 4; i++) {
    const answer = await send();
    if (answer.upstream !== not) return answer;
  }
  throw new Error(`every answer came from ${not}`);
}

// 1. Both processes answer.
const upstreams = new Set<string>();
for (let i = 0; i < 6; i++) upstreams.add((await call('GET', 'health')).upstream);
check('requests reach both processes', upstreams.size === 2, [...upstreams].join(', '));

// 2. A nonce is used once across the processes.
const nonce = newNonce();
const first = await call('POST', 'user/login', signed(nonce), { userName: 'nobody', password: 'Wrong#Pass1' });
const replay = await callOn(first.upstream, () => call('POST', 'user/login', signed(nonce), { userName: 'nobody', password: 'Wrong#Pass1' }));
check(
  'a nonce used on one process is refused on the other',
  first.body.code !== 'INVALID_PAYLOAD' && replay.body.code === 'INVALID_PAYLOAD',
  `${first.upstream}: HTTP ${first.status} ${String(first.body.code)}; ${replay.upstream}: HTTP ${replay.status} ${String(replay.body.code)}`,
);

// 3. A logout on one process ends the session on both.
const login = await call('POST', 'user/login', signed(), { userName: 'admin', password: 'Demo@1234' });
const token = String(login.body.access_token);
const bearer = () => ({ ...signed(), authorization: `Bearer ${token}` });
const seen = new Set<string>();
for (let i = 0; i < 4; i++) {
  const me = await call('GET', 'user/getuser', bearer());
  if (me.status === 200) seen.add(me.upstream);
}
check('the session works on both processes', login.status === 200 && seen.size === 2, [...seen].join(', '));
const logout = await call('POST', 'user/logout', bearer(), {});
const after = [];
for (let i = 0; i < 4; i++) after.push(await call('GET', 'user/getuser', bearer()));
check(
  'a logout on one process ends the session on the other',
  logout.status === 200 && after.every((a) => a.status === 401) && new Set(after.map((a) => a.upstream)).size === 2,
  `logout on ${logout.upstream}; then ${after.map((a) => `${a.upstream} → ${a.status}`).join(', ')}`,
);

// 4. The migrations ran once: every journal entry recorded exactly once.
const journal = JSON.parse(fs.readFileSync(new URL('../apps/server/drizzle/meta/_journal.json', import.meta.url), 'utf8')) as {
  entries: { when: number }[];
};
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const { rows } = await client.query<{ n: number; distinct_n: number }>(
  'select count(*)::int as n, count(distinct created_at)::int as distinct_n from drizzle.__drizzle_migrations',
);
await client.end();
check(
  'the migrations ran once',
  rows[0]!.n === journal.entries.length && rows[0]!.distinct_n === journal.entries.length,
  `${rows[0]!.n} recorded for ${journal.entries.length} in the journal`,
);

// 5. A user's API limit counts across both: refused after `perUser` calls in all, not 2 × perUser.
// First, while the address's allowance for calls without a session still has room for the sign-in.
const perUser = Number(process.env.API_RATE_LIMIT_PER_MINUTE ?? 120);
const again = String((await call('POST', 'user/login', signed(), { userName: 'admin', password: 'Demo@1234' })).body.access_token);
let userRefusedAt = 0;
for (let i = 1; i <= perUser * 2 + 2 && !userRefusedAt; i++) {
  const answer = await call('GET', 'user/getuser', { ...signed(), authorization: `Bearer ${again}` });
  if (answer.status === 429) userRefusedAt = i;
}
check(
  "a user's rate limit counts across both processes",
  userRefusedAt > 0 && userRefusedAt <= perUser + 1,
  `refused at call ${userRefusedAt} of this burst (limit ${perUser} a minute per user, the admin's earlier calls count too)`,
);

// 6. Calls without a session count per address across both, apart from the user's allowance.
const perAddress = Number(process.env.API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE ?? 120);
let refusedAt = 0;
for (let i = 1; i <= perAddress * 2 + 2 && !refusedAt; i++) {
  if ((await call('GET', 'health')).status === 429) refusedAt = i;
}
check(
  'the per-address rate limit counts across both processes',
  refusedAt > 0 && refusedAt <= perAddress + 1,
  `refused at call ${refusedAt} of this burst (limit ${perAddress} a minute per address without a session, earlier calls of this run count too)`,
);

console.log(failures ? `\n${failures} check(s) failed` : '\nall checks passed');
process.exit(failures ? 1 : 0);
