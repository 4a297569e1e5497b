export * from './users.ts';
export * from './audit.ts';
export * from './lessons.ts';
export * from './scheduling.ts';
