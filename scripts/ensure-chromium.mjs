// The end-to-end tests drive Debian's Chromium (DESIGN §10). Install it when missing and we are
// root; otherwise stop with a clear message — never skip the browser tests silently.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasCjkFont = () => {
  try {
    return execSync('fc-list :lang=zh family', { encoding: 'utf8' }).trim().length > 0;
  } catch {
    return false;
  }
};

if (existsSync(CHROMIUM) && hasCjkFont()) process.exit(0);

if (process.getuid?.() !== 0) {
  console.error(
    `Chromium (${CHROMIUM}) or a Chinese font is missing. Install them with:\n  sudo apt-get install -y chromium fonts-noto-cjk`,
  );
  process.exit(1);
}
console.log('Installing Debian Chromium and the Noto CJK fonts for the end-to-end tests…');
execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk', {
  stdio: 'inherit',
  shell: '/bin/bash',
});
if (!existsSync(CHROMIUM)) {
  console.error(`Chromium is still missing at ${CHROMIUM} after installing.`);
  process.exit(1);
}
