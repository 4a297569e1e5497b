import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-db.ts';
import type { Database } from '../../db/client.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { connectRedis, type Redis } from '../redis.ts';
import { backoffAfter, createJobQueue, type JobQueue, type JobQueueOptions } from './job-queue.ts';

declare module './job-kinds.ts' {
  interface JobKinds {
    'test.job': { n: number };
    'test.tick': { label: string };
  }
}

const silent = { error: () => undefined };
let database: Database;
const started: JobQueue[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
});
beforeEach(async () => {
  await database.db.delete(jobs);
});
afterAll(async () => {
  await Promise.all(started.map((q) => q.stop()));
  await database.close();
});

const queue = (options: Partial<JobQueueOptions> = {}) => {
  const made = createJobQueue({ db: database.db, log: silent, mode: 'manual', ...options });
  started.push(made);
  return made;
};
// Two jobs enqueued within one millisecond share `createdAt` on PGlite: their payload's `n` breaks the tie.
const rows = () => database.db.select().from(jobs).orderBy(jobs.createdAt, sql`${jobs.payload}->>'n'`);

describe('the job queue', () => {
  it('keeps a job only when its transaction commits, and runs it once', async () => {
    const q = queue();
    const seen: number[] = [];
    q.registerJob('test.job', ({ n }) => void seen.push(n));
    await database.db
      .transaction(async (tx) => {
        await q.enqueue(tx, 'test.job', { n: 1 });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await database.db.transaction((tx) => q.enqueue(tx, 'test.job', { n: 2 }));
    expect(await q.drain()).toBe(1);
    expect(await q.drain()).toBe(0);
    expect(seen).toEqual([2]);
    const [row] = await rows();
    expect(row).toMatchObject({ state: 'done', attempts: 1, lastError: null });
    expect(row!.finishedAt).toBeInstanceOf(Date);
  });

  it('runs a job not before its time, one per key; replace moves a waiting one, cancel drops it', async () => {
    const q = queue();
    const seen: number[] = [];
    q.registerJob('test.job', ({ n }) => void seen.push(n));
    const later = Date.now() / 1000 + 3600;
    expect(await q.enqueue(database.db, 'test.job', { n: 1 }, { key: 'k', runAt: later })).toMatch(
      /^[0-9a-f-]{36}$/,
    );
    expect(await q.enqueue(database.db, 'test.job', { n: 2 }, { key: 'k', runAt: later })).toBeNull();
    expect(await q.drain()).toBe(0);
    await q.enqueue(database.db, 'test.job', { n: 3 }, { key: 'k', runAt: new Date(), replace: true });
    expect(await q.drain()).toBe(1);
    expect(seen).toEqual([3]);
    // A job that ran stays as it was: replace does not run it again.
    expect(await q.enqueue(database.db, 'test.job', { n: 4 }, { key: 'k', replace: true })).toBeNull();
    await q.enqueue(database.db, 'test.job', { n: 5 }, { key: 'gone', runAt: later });
    expect(await q.cancel(database.db, 'gone')).toBe(true);
    expect(await q.cancel(database.db, 'k')).toBe(false);
    expect(await q.drain()).toBe(0);
    expect((await rows()).map((r) => r.key)).toEqual(['k']);
  });

  it('hands each job to one of several workers claiming at once', async () => {
    const workers = [queue({ concurrency: 3 }), queue({ concurrency: 3 }), queue({ concurrency: 3 })];
    const handled: string[] = [];
    for (const w of workers) w.registerJob('test.job', (_payload, job) => void handled.push(job.jobId));
    for (let n = 0; n < 30; n++) await workers[0]!.enqueue(database.db, 'test.job', { n });
    await Promise.all(workers.map((w) => w.drain()));
    expect(handled).toHaveLength(30);
    expect(new Set(handled).size).toBe(30);
    expect((await rows()).every((r) => r.state === 'done' && r.attempts === 1)).toBe(true);
  });

  it('retries a failure with exponential back-off, then keeps it as failed with its error', async () => {
    const q = queue();
    const attempts: number[] = [];
    q.registerJob(
      'test.job',
      (_payload, job) => {
        attempts.push(job.attempt);
        throw new Error('mail server down');
      },
      { maxAttempts: 3, backoffSeconds: 30 },
    );
    await q.enqueue(database.db, 'test.job', { n: 1 });
    await q.drain();
    let [row] = await rows();
    expect(row).toMatchObject({
      state: 'pending',
      attempts: 1,
      lastError: 'mail server down',
      lockedBy: null,
    });
    const wait = (row!.runAt.getTime() - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(25);
    expect(wait).toBeLessThanOrEqual(31);
    expect(await q.drain()).toBe(0);
    for (const expected of [2, 3]) {
      await database.db.update(jobs).set({ runAt: sql`now()` });
      await q.drain();
      [row] = await rows();
      expect(row!.attempts).toBe(expected);
    }
    expect(attempts).toEqual([1, 2, 3]);
    expect(row).toMatchObject({ state: 'failed', lastError: 'mail server down' });
    expect(row!.finishedAt).toBeInstanceOf(Date);
    await database.db.update(jobs).set({ runAt: sql`now()` });
    expect(await q.drain()).toBe(0);
    expect([backoffAfter(1, 10), backoffAfter(2, 10), backoffAfter(3, 10), backoffAfter(20, 10)]).toEqual([
      10, 20, 40, 3600,
    ]);
  });

  it('runs after a restart what the stopped process left: waiting jobs and a dead worker’s job', async () => {
    const before = queue();
    before.registerJob('test.job', () => undefined);
    await before.enqueue(database.db, 'test.job', { n: 1 });
    await before.enqueue(database.db, 'test.job', { n: 2 });
    await before.stop();
    // The second job was claimed by a worker that died mid-run: its lease ran out.
    const [, claimed] = await rows();
    await database.db
      .update(jobs)
      .set({ state: 'running', attempts: 1, lockedBy: 'dead', lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.jobId, claimed!.jobId));
    const after = queue();
    const seen: number[] = [];
    after.registerJob('test.job', ({ n }) => void seen.push(n));
    expect(await after.drain()).toBe(2);
    expect(seen.sort()).toEqual([1, 2]);
    expect((await rows()).map((r) => [r.state, r.attempts])).toEqual([
      ['done', 1],
      ['done', 2],
    ]);
  });

  it('claims only the kinds this process handles', async () => {
    const q = queue();
    q.registerJob('test.tick', () => undefined);
    await q.enqueue(database.db, 'test.job', { n: 1 });
    expect(await q.drain()).toBe(0);
    expect((await rows())[0]!.state).toBe('pending');
  });

  it('runs a recurring job once per slot across processes and enqueues its next slot', async () => {
    const one = queue();
    const two = queue();
    const ticks: string[] = [];
    for (const q of [one, two]) {
      q.registerJob('test.tick', ({ label }) => void ticks.push(label));
      q.every('test.tick', 600, { label: 'plan' });
    }
    await Promise.all([one.start(), two.start()]);
    await Promise.all([one.drain(), two.drain()]);
    expect(ticks).toEqual(['plan']);
    const slots = (await rows()).map((r) => [r.key, r.state]);
    const slot = Math.floor(Date.now() / 1000 / 600) * 600;
    expect(slots).toEqual([
      [`test.tick@${slot}`, 'done'],
      [`test.tick@${slot + 600}`, 'pending'],
    ]);
  });

  it('wakes its worker on enqueue and when the next job comes due, and stops cleanly', async () => {
    const q = queue({ mode: 'auto', pollMs: 60_000 });
    const seen: number[] = [];
    q.registerJob('test.job', ({ n }) => void seen.push(n));
    await q.start();
    await database.db.transaction((tx) => q.enqueue(tx, 'test.job', { n: 1 }));
    q.afterCommit();
    await expect.poll(() => seen, { timeout: 2000 }).toEqual([1]);
    await q.enqueue(database.db, 'test.job', { n: 2 }, { runAt: new Date(Date.now() + 400) });
    await expect.poll(() => seen, { timeout: 3000 }).toEqual([1, 2]);
    await q.stop();
    await q.enqueue(database.db, 'test.job', { n: 3 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen).toEqual([1, 2]);
  });
});

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisAnswers = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(redisUrl);
  const socket = net.connect(Number(port || 6379), hostname, () => {
    socket.end();
    resolve(true);
  });
  socket.on('error', () => resolve(false));
});

describe.runIf(redisAnswers)('with Redis', () => {
  let redis: Redis[] = [];
  afterAll(() => redis.forEach((r) => r.disconnect()));

  it('wakes the worker of another process at once when a job is enqueued', async () => {
    const channel = `tutoria-test-jobs:${Date.now()}:${Math.random()}`;
    redis = [connectRedis(redisUrl), connectRedis(redisUrl)];
    // The enqueuing process runs no such job; the other sleeps a minute between looks.
    const enqueuer = queue({ mode: 'auto', redis: redis[0], channel, pollMs: 60_000 });
    const worker = queue({ mode: 'auto', redis: redis[1], channel, pollMs: 60_000 });
    const seen: number[] = [];
    worker.registerJob('test.job', ({ n }) => void seen.push(n));
    await Promise.all([enqueuer.start(), worker.start()]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await database.db.transaction((tx) => enqueuer.enqueue(tx, 'test.job', { n: 1 }));
    enqueuer.afterCommit();
    await expect.poll(() => seen, { timeout: 2000 }).toEqual([1]);
    await Promise.all([enqueuer.stop(), worker.stop()]);
  });
});
