// Child process of `npm run bench:limits`: one signed-in user calling the API as fast as they can
// (`connections` calls always in flight, each signed afresh), apart from the browsing users so its
// own CPU does not slow theirs in the parent. Answers how many calls were served and refused.
import { signedHeaders } from './children.ts';

export interface HammerJob {
  port: number;
  token: string;
  connections: number;
  seconds: number;
}

export interface HammerResult {
  served: number;
  refused: number;
  /** Anything else: another status or no answer. */
  failed: number;
  /** When the first refusal came, in seconds from the start. */
  firstRefusalAfter: number | null;
}

async function hammer(job: HammerJob): Promise<HammerResult> {
  const result: HammerResult = { served: 0, refused: 0, failed: 0, firstRefusalAfter: null };
  const started = performance.now();
  const until = started + job.seconds * 1000;
  const loop = async () => {
    while (performance.now() < until) {
      try {
        const response = await fetch(`http://127.0.0.1:${job.port}/api/v1/user/getuser`, {
          headers: { ...signedHeaders(), authorization: `Bearer ${job.token}` },
        });
        await response.arrayBuffer();
        if (response.status === 200) result.served += 1;
        else if (response.status === 429) {
          result.refused += 1;
          result.firstRefusalAfter ??= (performance.now() - started) / 1000;
        } else result.failed += 1;
      } catch {
        result.failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: job.connections }, loop));
  return result;
}

process.once('message', (job: HammerJob) => {
  void hammer(job).then((result) => process.send!(result, () => process.exit(0)));
});
