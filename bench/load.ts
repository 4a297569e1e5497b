// Child process: the load generator (autocannon), apart from both servers. Gets one LoadJob, signs
// the run's nonces before it starts when asked, and answers req/s and latency percentiles (p95 is
// not in autocannon's summary, so every response time is kept and sorted).
import { createHmac, randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import type { LoadJob, LoadResult } from './lib/children.ts';

/** Signed nonces made ready per measured second, above any rate either server reaches here. */
const NONCES_PER_SECOND = 12_000;

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
}

type Headers = Record<string, string>;

/**
 * The product refuses a request without a fresh signed nonce; the bare route needs none. Signing
 * inside the run would spend the load generator's share of the two cores on the product's side
 * only, so the nonces of a run are signed before it starts (each still used once, seconds old).
 */
function signer(job: LoadJob, count: number): () => Headers {
  const sign = job.sign;
  if (!sign) return () => ({});
  const make = (): Headers => {
    const nonce = `${Date.now()}-${randomBytes(16).toString('hex')}`;
    return {
      applicationid: sign.applicationId,
      nonce,
      signature: createHmac('sha256', sign.secret).update(nonce).digest('hex'),
    };
  };
  const ready = Array.from({ length: count }, make);
  let next = 0;
  return () => ready[next++] ?? make();
}

function run(job: LoadJob, signed: () => Headers, times: number[]): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: job.url,
        method: job.method,
        connections: job.connections,
        duration: job.seconds,
        headers: {
          authorization: `Bearer ${job.token}`,
          ...(job.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: job.body === undefined ? undefined : JSON.stringify(job.body),
        requests: [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, ...signed() } }) }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

process.once('message', async (job: LoadJob) => {
  const times: number[] = [];
  const result = await run(job, signer(job, NONCES_PER_SECOND * job.seconds), times);
  times.sort((a, b) => a - b);
  const answer: LoadResult = {
    rps: result.requests.average,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
  };
  process.send!(answer, () => process.exit(0));
});
