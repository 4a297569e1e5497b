// `npm test`: lint, type check, unit and API tests, then the end-to-end tests in Chromium.
// Stops at the first failing step and ends non-zero; prints one closing count line.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const reports = mkdtempSync(path.join(tmpdir(), 'tutoria-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(label, command, args, report) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (report && existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    totals.skipped += json.numPendingTests + (json.numTodoTests ?? 0);
  }
  if (result.status !== 0) {
    console.error(`\n✗ ${label} failed`);
    summary();
    process.exit(result.status ?? 1);
  }
}

function vitest(label, projects, name) {
  const report = path.join(reports, `${name}.json`);
  run(label, 'npx', ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], report);
}

function summary() {
  console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
}

run('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
run('type check', 'npm', ['run', 'typecheck', '--silent']);
vitest('unit and API tests', ['unit', 'web', 'api'], 'unit-api');
run('Chromium', 'node', ['scripts/ensure-chromium.mjs']);
run('build the web app', 'npm', ['run', 'build', '--silent']);
vitest('end-to-end tests (Chromium)', ['e2e'], 'e2e');
summary();
