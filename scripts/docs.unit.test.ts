import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderCentreExportDoc } from '../apps/server/src/lib/centre-export/export-docs.ts';
import { renderApiDoc, renderPermissionsDoc } from './docs-render.ts';

const read = (name: string) => readFileSync(path.join(import.meta.dirname, '..', 'docs', name), 'utf8');

describe('generated docs', () => {
  it('docs/permissions.md matches the code (run npm run docs)', () => {
    expect(read('permissions.md')).toBe(renderPermissionsDoc());
  });
  it('docs/api.md matches the contract (run npm run docs)', () => {
    expect(read('api.md')).toBe(renderApiDoc());
  });
  it('docs/centre-export.md matches the schema (run npm run docs)', () => {
    expect(read('centre-export.md')).toBe(renderCentreExportDoc());
  });
});
