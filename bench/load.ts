// Child process: the load generator (autocannon), apart from both servers. Gets one LoadJob, signs
// every request with a fresh nonce when asked, and answers req/s and latency percentiles (p95 is
// not in autocannon's summary, so every response time is kept and sorted).
import { createHmac, randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import type { LoadJob, LoadResult } from './lib/children.ts';

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
}

process.once('message', (job: LoadJob) => {
  const sign = job.sign;
  const signed = () => {
    if (!sign) return {};
    const nonce = `${Date.now()}-${randomBytes(16).toString('hex')}`;
    return {
      applicationid: sign.applicationId,
      nonce,
      signature: createHmac('sha256', sign.secret).update(nonce).digest('hex'),
    };
  };
  const times: number[] = [];
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
    (error, result) => {
      if (error) throw error;
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
    },
  );
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
});
