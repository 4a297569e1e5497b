import { describe, expect, it } from 'vitest';
import { exportTables, leftOutColumns, tableMeanings } from './export-tables.ts';

describe('the centre export’s tables', () => {
  it('says in one line what every table of the schema holds (a new table needs its meaning)', () => {
    const names = exportTables().map((t) => t.name);
    expect(names.filter((name) => !tableMeanings[name])).toEqual([]);
    expect(Object.keys(tableMeanings).filter((name) => !names.includes(name))).toEqual([]);
  });

  it('leaves out only columns that exist, and every one it names', () => {
    for (const [table, columns] of Object.entries(leftOutColumns)) {
      const exported = exportTables().find((t) => t.name === table);
      expect(exported, table).toBeDefined();
      for (const column of Object.keys(columns)) {
        expect(exported!.columns.map((c) => c.name)).not.toContain(column);
      }
    }
  });

  it('writes money, counts and times in their own forms', () => {
    const deposits = exportTables().find((t) => t.name === 'deposits')!;
    const form = (name: string) => deposits.columns.find((c) => c.name === name)?.form;
    expect([form('amount'), form('create_moment'), form('deposit_type')]).toEqual(['number', 'time', 'text']);
  });
});
