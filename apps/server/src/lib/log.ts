import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';
import { failedStatement } from '../db/errors.ts';

/**
 * What the log keeps of an error. A failed SQL statement carries the request's values (Drizzle's
 * message lists the parameters; the database's message and `detail` may quote the row), so it is
 * logged as its SQLSTATE, constraint, the statement's first words and the stack's frames only.
 * Any other error is logged as pino would.
 */
export function logSafeError(error: Error) {
  const failed = failedStatement(error);
  if (!failed) return pino.stdSerializers.err(error);
  return {
    type: 'DatabaseError',
    message: `SQL statement failed (${failed.code ?? 'no SQLSTATE'})`,
    ...failed,
    stack: String(error.stack ?? '')
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n'),
  };
}

/** A parent report page's path holds its secret id (issue 10): logged without it. */
const PARENT_REPORT_PATH = /^\/parent\/report\/[^/]+/i;

/**
 * A request as logged: its path without the query string, which may hold names or a download
 * ticket, and without a parent report link's id.
 */
export function logSafeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.split('?')[0]!.replace(PARENT_REPORT_PATH, '/parent/report/…'),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Standard output's log lines are written in batches of this many bytes at least… */
const LOG_BATCH_BYTES = 4096;
/** …or every this many ms, whichever comes first. */
const LOG_FLUSH_MS = 250;

/**
 * Standard output, written in batches (issue 30): pino's default writes each line on its own
 * through libuv's thread pool, a hand-off to another thread and back on every request (up to a
 * fifth of a light request's CPU at one connection). A line now waits at most `LOG_FLUSH_MS`;
 * what is left is written when the process exits (pino flushes its own streams then).
 */
export function batchedStdout() {
  return pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS });
}

/** The app's logger options: the level, what the caller adds (a test's stream), and the serializers above. */
export function loggerOptions(custom: boolean | object | undefined, level: string) {
  if (custom === false) return false;
  return {
    level,
    ...(typeof custom === 'object' ? custom : { stream: batchedStdout() }),
    serializers: { err: logSafeError, req: logSafeRequest },
  };
}

/**
 * One line per request, written when it ends: its method, path, status and time. Fastify's default
 * writes two (the request as it arrives, then the outcome), and each line is serialised and written
 * synchronously on the request's path (issue 9). Errors are logged by the error handler with the
 * request id, so the line of a failed request can be found.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
