export * from './users.ts';
export * from './people.ts';
export * from './auth.ts';
export * from './audit.ts';
export * from './lessons.ts';
export * from './specifications.ts';
export * from './scheduling.ts';
export * from './events.ts';
export * from './notifications.ts';
export * from './finance.ts';
export * from './academic.ts';
// progress stage: course plans and applications (issue 12)
export * from './progress.ts';
// surveys (issue 12)
export * from './surveys.ts';
// reminders (issue 12): the job queue
export * from './jobs.ts';
// calendar feeds (issue 29)
export * from './calendar.ts';
