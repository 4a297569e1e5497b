import { z } from 'zod';
import { okResponse } from '../schemas/common.ts';
import { listQuery } from '../schemas/list-query.ts';
import { failedJobList, jobParams } from '../schemas/operations.ts';
import { defineEndpoint } from './define.ts';

const archive = z
  .unknown()
  .describe(
    'A zip streamed as an attachment: one CSV per table, README.txt and columns.csv; X-Total-Rows says how many rows it holds.',
  );

/** Failed background work and the centre's export (issue 33): the Admin's settings page. */
export const operationsContract = {
  failedJobs: defineEndpoint({
    name: 'operations.failedJobs',
    method: 'POST',
    path: 'job/failed',
    body: listQuery,
    response: failedJobList,
    access: 'jobs.manage',
    listColumns: {
      kind: { type: 'enum' },
      attempts: { type: 'number' },
      lastError: { type: 'text', sortable: false },
      failedAt: { type: 'time' },
      createMoment: { type: 'time' },
    },
    summary:
      'Background jobs of every kind (reminders, e-mail and webhook deliveries, backups) that ran out of attempts: kind, what it concerned, error, attempts, when it failed; newest failure first.',
  }),
  retryJob: defineEndpoint({
    name: 'operations.retryJob',
    method: 'POST',
    path: 'job/:jobId/retry',
    params: jobParams,
    response: okResponse,
    access: 'jobs.manage',
    summary: 'Queues a failed job again now with its attempts reset; a job that is not failed is refused (CONFLICT).',
  }),
  discardJob: defineEndpoint({
    name: 'operations.discardJob',
    method: 'DELETE',
    path: 'job/:jobId',
    params: jobParams,
    response: okResponse,
    access: 'jobs.manage',
    summary: 'Deletes a failed job for good; a job that is not failed is refused (CONFLICT).',
  }),
  exportCentre: defineEndpoint({
    name: 'operations.exportCentre',
    method: 'GET',
    path: 'centre/export',
    response: archive,
    access: 'centre.export',
    summary:
      "The whole centre as one zip: every table as a CSV (values as text, times ISO 8601 UTC, secrets left out) and the columns' documentation, read in one snapshot; streamed.",
  }),
};
