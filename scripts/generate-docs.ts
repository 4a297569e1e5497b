// Writes docs/permissions.md and docs/api.md from the code (DESIGN §3, §6): never hand-kept.
// `npm run docs` rewrites them; a unit test fails when they are out of date.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderApiDoc, renderPermissionsDoc } from './docs-render.ts';

const docs = path.join(import.meta.dirname, '..', 'docs');
writeFileSync(path.join(docs, 'permissions.md'), renderPermissionsDoc());
writeFileSync(path.join(docs, 'api.md'), renderApiDoc());
console.log('docs/permissions.md and docs/api.md written.');
