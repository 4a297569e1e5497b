// What a product request's CPU goes to, from a V8 CPU profile (`BENCH_CPU_PROF`): each sample is
// charged to the first frame, from the running function down to the stack's root, that belongs to
// an area of the request path. Node's own streams, promises and crypto, and the helpers listed in
// PASS_THROUGH, belong to no area: a socket write is charged to the HTTP answer or to the database
// driver by who asked for it.

export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

export const AREAS = [
  'signature and nonce',
  'session lookup and access',
  'rate limit and security headers',
  'request validation (Zod)',
  'answer serialisation',
  'logging',
  'Fastify: routing, hooks, reply',
  'Node HTTP: parsing, writing',
  'handler: services, repos, lists',
  'Drizzle: building SQL, mapping rows',
  'database driver (pg)',
  'garbage collection',
  'other (Node, V8)',
] as const;
export type Area = (typeof AREAS)[number];

const PACKAGE = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//;
const SOURCE = /\/apps\/server\/src\/(.+)$/;

/** Frames that are charged to whoever called them. */
const PASS_THROUGH = new Set(['toad-cache', 'lib/crypto.ts']);

const PACKAGES: Record<string, Area> = {
  '@fastify/rate-limit': 'rate limit and security headers',
  zod: 'request validation (Zod)',
  'fast-json-stringify': 'answer serialisation',
  'fastify-type-provider-zod': 'answer serialisation',
  pino: 'logging',
  'pino-std-serializers': 'logging',
  'sonic-boom': 'logging',
  'thread-stream': 'logging',
  'drizzle-orm': 'Drizzle: building SQL, mapping rows',
  pg: 'database driver (pg)',
  'pg-protocol': 'database driver (pg)',
  'pg-pool': 'database driver (pg)',
  'pg-types': 'database driver (pg)',
  'postgres-date': 'database driver (pg)',
  'postgres-array': 'database driver (pg)',
  'pg-cloudflare': 'database driver (pg)',
};

/** The server's own files by their path under apps/server/src. */
const SOURCES: [RegExp, Area][] = [
  [/^plugins\/signature\.ts$|^lib\/counter-store\.ts$/, 'signature and nonce'],
  [/^plugins\/(auth|request-session)\.ts$|^modules\/auth\/session-cache\.ts$/, 'session lookup and access'],
  [/^plugins\/security\.ts$/, 'rate limit and security headers'],
  [/^http\/response-serializer\.ts$/, 'answer serialisation'],
  [/^lib\/log\.ts$/, 'logging'],
  [/^db\//, 'Drizzle: building SQL, mapping rows'],
  [/^(modules|http|access|lib)\//, 'handler: services, repos, lists'],
];

function areaOf(functionName: string, url: string): Area | 'pass' | null {
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (url.startsWith('node:_http_') || url.startsWith('node:internal/http')) return 'Node HTTP: parsing, writing';
  const pkg = PACKAGE.exec(url)?.[1];
  if (pkg) {
    if (PASS_THROUGH.has(pkg)) return 'pass';
    if (pkg.startsWith('fastify') || pkg.startsWith('@fastify/') || pkg === 'find-my-way' || pkg === 'avvio')
      return PACKAGES[pkg] ?? 'Fastify: routing, hooks, reply';
    return PACKAGES[pkg] ?? null;
  }
  const file = SOURCE.exec(url)?.[1];
  if (!file) return url.includes('/packages/shared/') ? 'handler: services, repos, lists' : null;
  if (PASS_THROUGH.has(file)) return 'pass';
  // The access-token lookup is the auth service's; the rest of it serves sign-in and `user/getuser`.
  if (file === 'modules/auth/auth.service.ts' && functionName === 'resolveSession') return 'session lookup and access';
  // app.ts's validator compiler runs Zod on every body and query.
  if (file === 'app.ts') return 'request validation (Zod)';
  return SOURCES.find(([pattern]) => pattern.test(file))?.[1] ?? null;
}

/** Busy time per area in µs over the whole profile (idle left out). */
export function areasOf(profile: CpuProfile): Map<Area, number> {
  const parent = new Map<number, number>();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const charged = new Map<number, Area | null>();
  const chargeOf = (id: number): Area | null => {
    if (charged.has(id)) return charged.get(id)!;
    const { functionName, url } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') return null;
    const own = areaOf(functionName, url);
    const up = parent.get(id);
    const area = own && own !== 'pass' ? own : up === undefined ? 'other (Node, V8)' : chargeOf(up);
    charged.set(id, area);
    return area;
  };
  const totals = new Map<Area, number>();
  profile.samples.forEach((id, i) => {
    const area = chargeOf(id);
    // A sample's delta is the time since the one before: the time of the next sample is this one's.
    const micros = profile.timeDeltas[i + 1] ?? 0;
    if (area) totals.set(area, (totals.get(area) ?? 0) + micros);
  });
  return totals;
}
