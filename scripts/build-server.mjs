// Bundles the server — its TypeScript, the shared package and the npm packages it uses — into one
// ES module with esbuild, so a start reads one file instead of transpiling some 300 with tsx and
// resolving a thousand small CommonJS files (DESIGN §11: start-up ≤ 2 s). Rebuilds only on change.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtHash, root, sourceHash } from './source-hash.mjs';

const outdir = path.join(root, 'apps/server/dist');
const outfile = path.join(outdir, 'main.mjs');
const stamp = path.join(outdir, '.build-hash');
const inputs = ['apps/server/src', 'packages/shared/src', 'package-lock.json', 'scripts/build-server.mjs'];

/** Packages that find files beside themselves (WebAssembly, worker threads, UI assets) or are native. */
const external = ['@electric-sql/pglite', 'pino', 'thread-stream', '@fastify/swagger-ui', '@node-rs/argon2', 'pg-native', 'esbuild'];

/**
 * `import.meta.dirname` in a source file means that file's folder (config.ts finds the web build,
 * db/client.ts the migrations by it); in the bundle it is rewritten relative to the bundle's folder.
 */
const keepDirname = {
  name: 'keep-dirname',
  setup(builder) {
    builder.onLoad({ filter: /apps\/server\/src\/.*\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.dirname')) return undefined;
      const relative = path.relative(outdir, path.dirname(args.path)).split(path.sep).join('/');
      return {
        contents: source.replaceAll('import.meta.dirname', `(import.meta.dirname + ${JSON.stringify(`/${relative}`)})`),
        loader: 'ts',
      };
    });
  },
};

export async function buildServer({ force = false } = {}) {
  const current = sourceHash(inputs);
  if (!force && builtHash(stamp, outfile) === current) return false;
  const { build } = await import('esbuild');
  await build({
    entryPoints: [path.join(root, 'apps/server/src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: external.flatMap((name) => [name, `${name}/*`]),
    // Bundled CommonJS packages still call require() for Node's built-ins.
    banner: { js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);" },
    // Stack traces name bundle lines; NODE_OPTIONS=--enable-source-maps maps them back to the sources.
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
    plugins: [keepDirname],
  });
  writeFileSync(stamp, `${current}\n`);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const built = await buildServer({ force: process.argv.includes('--force') });
  if (built) console.log('Built the server bundle (apps/server/dist/main.mjs).');
}
