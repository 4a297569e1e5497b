import { createHash, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { randomToken } from '../lib/crypto.ts';
import type { BackupRunner } from './backup-runner.ts';

/**
 * `npm run backup` beside a running server (PGlite's folder is the server's alone): the command asks
 * the server over HTTP on the loopback address, with a token the server writes at start-up into
 * DATA_DIR (0600, readable only by the account that runs it). Without the token the route answers
 * 404 like any unknown path; it answers a backup's path and size, never its content.
 */
export const INTERNAL_BACKUP_PATH = '/internal/backup';
export const controlFile = (dataDir: string) => path.join(dataDir, 'server-control.json');

export interface ServerControl {
  pid: number;
  port: number;
  token: string;
}

/** A fresh token for this process; the route is built with it before the server listens. */
export const newControlToken = () => randomToken();

/** Writes this process's token and port (the old file, if any, is replaced: its token died with its server). */
export function writeServerControl(dataDir: string, port: number, token: string): ServerControl {
  const control = { pid: process.pid, port, token };
  const file = controlFile(dataDir);
  const temporary = `${file}.${process.pid}`;
  fs.rmSync(temporary, { force: true });
  fs.writeFileSync(temporary, JSON.stringify(control), { mode: 0o600, flag: 'wx' });
  fs.renameSync(temporary, file);
  return control;
}

export function readServerControl(dataDir: string): ServerControl | null {
  try {
    return JSON.parse(fs.readFileSync(controlFile(dataDir), 'utf8')) as ServerControl;
  } catch {
    return null;
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();
const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export function internalBackupRoute(app: FastifyInstance, token: string, runner: BackupRunner): void {
  const expected = digest(token);
  app.post(INTERNAL_BACKUP_PATH, async (request, reply) => {
    const given = request.headers['x-tutoria-control'];
    const allowed =
      loopback.has(request.socket.remoteAddress ?? '') &&
      !request.headers['x-forwarded-for'] &&
      typeof given === 'string' &&
      timingSafeEqual(digest(given), expected);
    if (!allowed) return reply.status(404).send({ error: 'Not Found' });
    const { file } = await runner.run('manual');
    return { path: file.path, fileName: file.fileName, sizeInBytes: file.sizeInBytes };
  });
}
