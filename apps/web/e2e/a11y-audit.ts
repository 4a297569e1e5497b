import { writeFileSync } from 'node:fs';
import { demoRoles, sweepRole, type Scan } from './a11y-sweep';
import { blocking } from './axe';
import { startStack } from './harness';

/**
 * `npm run a11y:audit`: the suite's sweep (accessibility.e2e.ts) with every axe finding of every
 * impact written to a JSON file for reading, not failed on. `A11Y_ROLES=admin,student` narrows it;
 * `A11Y_ENGLISH_ONLY=1` skips the Chinese pass (half the time, for rules that do not read text).
 */
const chinese = process.env.A11Y_ENGLISH_ONLY !== '1';
const roles = (process.env.A11Y_ROLES?.split(',') ?? demoRoles) as (typeof demoRoles)[number][];
const out = process.env.A11Y_OUT ?? '/tmp/a11y-audit.json';

const stack = await startStack();
const scans: Scan[] = [];
try {
  for (const role of roles) {
    const found = await sweepRole(stack, role, { chinese });
    scans.push(...found);
    // Written after each role: a long audit can be read while it runs.
    writeFileSync(out, JSON.stringify(scans, null, 1));
    const failing = found.flatMap((scan) => blocking(scan.findings));
    console.log(`${role}: ${new Set(found.map((scan) => scan.route)).size} pages, ${failing.length} the suite fails on`);
  }
} finally {
  await stack.stop();
}
