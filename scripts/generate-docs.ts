// Writes docs/permissions.md, docs/api.md and docs/centre-export.md from the code (DESIGN §3, §6): never hand-kept.
// `npm run docs` rewrites them; a unit test fails when they are out of date.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderCentreExportDoc } from '../apps/server/src/lib/centre-export/export-docs.ts';
import { renderApiDoc, renderPermissionsDoc } from './docs-render.ts';

const docs = path.join(import.meta.dirname, '..', 'docs');
writeFileSync(path.join(docs, 'permissions.md'), renderPermissionsDoc());
writeFileSync(path.join(docs, 'api.md'), renderApiDoc());
writeFileSync(path.join(docs, 'centre-export.md'), renderCentreExportDoc());
console.log('docs/permissions.md, docs/api.md and docs/centre-export.md written.');
