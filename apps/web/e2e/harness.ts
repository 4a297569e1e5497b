import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';

/**
 * End-to-end harness: the real server (fresh data folder, demo centre) serving the already built
 * SPA, driven by Debian's Chromium. It builds nothing: run `npm run build` first.
 */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const webDist = path.join(repoRoot, 'apps/web/dist/index.html');
// A busy two-core machine may need a minute and more for a fresh data folder (demo centre, PGlite).
const STARTUP_TIMEOUT_MS = Number(process.env.E2E_STARTUP_TIMEOUT_MS ?? 180_000);
const STOP_TIMEOUT_MS = 10_000;

export const DEMO_PASSWORD = 'Demo@1234';
export const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? '/tmp/shots';
export const PHONE = { width: 375, height: 740 } as const;

export interface Stack {
  baseUrl: string;
  browser: Browser;
  /** A page in its own context (own local storage), at the given viewport. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer /api/v1/health within ${STARTUP_TIMEOUT_MS} ms:\n${output()}`);
}

/** Ends the server's whole process group, gently first. */
async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => {
    if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  }, STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/** `env`: settings on top of the defaults below (channels: `SMTP_URL` pointing at a local stub). */
export async function startStack(options: { env?: Record<string, string> } = {}): Promise<Stack> {
  if (!existsSync(webDist)) throw new Error(`No built web app at ${webDist}: run "npm run build" first.`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tutoria-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn('node', ['--enable-source-maps', 'apps/server/dist/main.mjs'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: '1',
      LOG_LEVEL: 'warn',
      // Every journey signs in from the same address; the per-IP sign-in limit is not under test here.
      LOGIN_MAX_ATTEMPTS_PER_IP: '1000',
      // The demo's sessions sit at fixed hours of this week, so a reminder would arrive or not by the
      // time of day the suite runs (a teacher's bell read 6, not 5, at 09:00 on a Wednesday).
      // Reminders are under test in reminders.api.test.ts, not here.
      SESSION_REMINDER_MINUTES: '0',
      ...options.env,
    },
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));

  let browser: Browser | undefined;
  try {
    await waitForHealth(baseUrl, child, () => log);
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-dev-shm-usage',
      ],
    });
  } catch (error) {
    await stopServer(child);
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  await mkdir(SHOTS_DIR, { recursive: true });
  const launched = browser;

  return {
    baseUrl,
    browser: launched,
    async newPage(options = {}) {
      const context = await launched.newContext({
        baseURL: baseUrl,
        viewport: { width: 1280, height: 800 },
        ...options,
      });
      return context.newPage();
    },
    async stop() {
      await launched.close();
      await stopServer(child);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the form, as a person would. */
export async function signIn(page: Page, userName: string, password = DEMO_PASSWORD): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/auth/login')) await page.goto('/auth/login');
  await page.getByLabel(/user name|用户名/i).fill(userName);
  await page.getByLabel(/^(password|密码)$/i).fill(password);
  await page.getByRole('button', { name: /^(sign in|登录)$/i }).click();
}

/** Visible and inside the viewport (a folded sidebar is only moved off-screen). */
export async function isOnScreen(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = locator.page().viewportSize();
  return (
    !!box && !!viewport && box.x + box.width > 0 && box.x < viewport.width && (await locator.isVisible())
  );
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({
    path: path.join(SHOTS_DIR, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}

/** Signed headers as the SPA sends them, for calls the test makes on its own (DESIGN §4). */
export async function signedHeaders(baseUrl: string): Promise<Record<string, string>> {
  const config = (await (await fetch(`${baseUrl}/api/v1/system/clientConfig`)).json()) as {
    applicationId: string;
    applicationSecret: string;
  };
  const nonce = `${Date.now()}-${randomBytes(16).toString('hex')}`;
  const signature = createHmac('sha256', config.applicationSecret).update(nonce).digest('hex');
  return { ApplicationId: config.applicationId, Nonce: nonce, Signature: signature };
}

/** A signed POST the test makes on its own (a user's token when given); its JSON answer. */
export async function signedPost(
  baseUrl: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl}/api/v1/${path}`, {
    method: 'POST',
    headers: {
      ...(await signedHeaders(baseUrl)),
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}
