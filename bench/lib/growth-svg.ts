/**
 * The chart of `npm run bench:growth` (issue 30), written by hand as SVG (no charting dependency):
 * p50 of each case against the centre's students, both axes logarithmic, one line per case
 * coloured by its kind, the cases that grow named at the right end.
 */
export interface Series {
  name: string;
  kind: string;
  /** [students, p50 ms], ordered by students. */
  points: [number, number][];
  /** Named at the right end when it grows. */
  label?: string;
}

export const kindColours: Record<string, string> = {
  list: '#1f77b4',
  own: '#2ca02c',
  report: '#ff7f0e',
  week: '#d62728',
};

const W = 980;
const H = 640;
const M = { left: 70, right: 300, top: 56, bottom: 56 };
const LABEL_GAP = 12;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function logScale(from: number, to: number, pixelFrom: number, pixelTo: number) {
  const a = Math.log10(from);
  const b = Math.log10(to);
  return (value: number) => pixelFrom + ((Math.log10(value) - a) / (b - a)) * (pixelTo - pixelFrom);
}

/** Pushes labels apart vertically (sorted by their line's end) so that none overlaps the next. */
function spread(ys: number[]): number[] {
  const out: number[] = [];
  for (const y of ys) out.push(out.length ? Math.max(y, out[out.length - 1]! + LABEL_GAP) : y);
  return out;
}

export function growthSvg(title: string, series: Series[]): string {
  const students = series.flatMap((s) => s.points.map((p) => p[0]));
  const p50s = series.flatMap((s) => s.points.map((p) => Math.max(p[1], 0.1)));
  const xMin = Math.min(...students) / 1.3;
  const xMax = Math.max(...students) * 1.3;
  const yMin = 10 ** Math.floor(Math.log10(Math.min(...p50s)));
  const yMax = 10 ** Math.ceil(Math.log10(Math.max(...p50s)));
  const x = logScale(xMin, xMax, M.left, W - M.right);
  const y = logScale(yMin, yMax, H - M.bottom, M.top);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="11">`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${M.left}" y="22" font-size="14" font-weight="bold">${escape(title)}</text>`,
  ];
  for (let tick = yMin; tick <= yMax; tick *= 10) {
    parts.push(
      `<line x1="${M.left}" x2="${W - M.right}" y1="${y(tick)}" y2="${y(tick)}" stroke="#ddd"/>`,
      `<text x="${M.left - 6}" y="${y(tick) + 4}" text-anchor="end">${tick >= 1 ? tick.toLocaleString('en') : tick} ms</text>`,
    );
  }
  for (const s of [...new Set(students)].sort((a, b) => a - b)) {
    parts.push(
      `<line x1="${x(s)}" x2="${x(s)}" y1="${M.top}" y2="${H - M.bottom}" stroke="#ddd"/>`,
      `<text x="${x(s)}" y="${H - M.bottom + 16}" text-anchor="middle">${s.toLocaleString('en')}</text>`,
    );
  }
  parts.push(
    `<text x="${(M.left + W - M.right) / 2}" y="${H - 14}" text-anchor="middle">students in the centre (log scale)</text>`,
    `<text transform="translate(16 ${(M.top + H - M.bottom) / 2}) rotate(-90)" text-anchor="middle">p50 (log scale)</text>`,
  );
  Object.entries(kindColours).forEach(([kind, colour], i) => {
    const left = M.left + i * 90;
    parts.push(
      `<line x1="${left}" x2="${left + 18}" y1="38" y2="38" stroke="${colour}" stroke-width="2"/>`,
      `<text x="${left + 22}" y="42">${kind}</text>`,
    );
  });
  for (const s of series) {
    const points = s.points.map(([a, b]) => `${x(a).toFixed(1)},${y(Math.max(b, 0.1)).toFixed(1)}`).join(' ');
    parts.push(
      `<polyline points="${points}" fill="none" stroke="${kindColours[s.kind] ?? '#888'}" stroke-width="1.5" opacity="0.8"><title>${escape(s.name)}</title></polyline>`,
    );
  }
  const labelled = series
    .filter((s) => s.label)
    .map((s) => ({ s, end: y(Math.max(s.points.at(-1)![1], 0.1)) }))
    .sort((a, b) => a.end - b.end);
  const ys = spread(labelled.map((l) => l.end));
  labelled.forEach(({ s, end }, i) => {
    const from = x(s.points.at(-1)![0]);
    parts.push(
      `<line x1="${from}" x2="${W - M.right + 8}" y1="${end}" y2="${ys[i]}" stroke="#bbb"/>`,
      `<text x="${W - M.right + 12}" y="${ys[i]! + 4}" fill="${kindColours[s.kind] ?? '#888'}">${escape(s.label!)}</text>`,
    );
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
