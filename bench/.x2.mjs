import pg from 'pg';
import fs from 'node:fs';
const cap = JSON.parse(fs.readFileSync('/work/main/.bench-data/captured-postgres.json','utf8'));
const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/tutoria_large' });
await c.connect();
for (const name of process.argv.slice(2)) for (const q of cap[name]) {
  const s = performance.now();
  await c.query(q.text, q.params);
  const ms = performance.now() - s;
  console.log(name, ms.toFixed(1), 'ms ::', q.text.replace(/\s+/g,' ').slice(0, 160));
}
await c.end();
