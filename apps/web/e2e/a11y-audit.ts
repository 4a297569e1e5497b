import { writeFileSync } from 'node:fs';
import { demoRoles, sweepRole, type Scan } from './a11y-sweep';
import { startStack } from './harness';

/**
 * `npm run a11y:audit`: the suite's sweep (accessibility.e2e.ts) with every axe finding of every
 * impact written to a JSON file for reading, not failed on. `A11Y_ROLES=admin,student` narrows it.
 */
const roles = (process.env.A11Y_ROLES?.split(',') ?? demoRoles) as (typeof demoRoles)[number][];
const out = process.env.A11Y_OUT ?? '/tmp/a11y-audit.json';

const stack = await startStack();
const scans: Scan[] = [];
try {
  for (const role of roles) {
    const found = await sweepRole(stack, role);
    scans.push(...found);
    const serious = found.flatMap((scan) =>
      scan.findings.filter((f) => f.impact === 'critical' || f.impact === 'serious'),
    );
    console.log(`${role}: ${new Set(found.map((scan) => scan.route)).size} pages, ${serious.length} critical or serious`);
  }
} finally {
  writeFileSync(out, JSON.stringify(scans, null, 1));
  await stack.stop();
}
