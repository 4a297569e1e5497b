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

/** Packages that find files beside themselves (WebAssembly, worker threads) or are native. */
const external = ['@electric-sql/pglite', 'pino', 'thread-stream', '@node-rs/argon2', 'pg-native', 'esbuild'];

/** A source file's folder as a path relative to the bundle's folder, quoted for the generated code. */
const fromBundle = (file) =>
  JSON.stringify(`/${path.relative(outdir, path.dirname(file)).split(path.sep).join('/')}`);

/**
 * `import.meta.dirname` in a source file means that file's folder (config.ts finds the web build,
 * db/client.ts the migrations by it); in the bundle it is rewritten relative to the bundle's folder.
 * Swagger UI is bundled too (loaded through Node's resolver it cost a tenth of the start, issue 9).
 */
const keepDirname = {
  name: 'keep-dirname',
  setup(builder) {
    builder.onLoad({ filter: /apps\/server\/src\/.*\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.dirname')) return undefined;
      return {
        contents: source.replaceAll(
          'import.meta.dirname',
          `(import.meta.dirname + ${fromBundle(args.path)})`,
        ),
        loader: 'ts',
      };
    });
    // Swagger UI's CommonJS files find its page and assets by `__dirname` (import.meta would make them ES modules).
    builder.onLoad({ filter: /node_modules\/@fastify\/swagger-ui\/.*\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('__dirname')) return undefined;
      return {
        contents: `const __dirname = bundleDirname + ${fromBundle(args.path)};\n${source}`,
        loader: 'js',
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
    banner: {
      js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url); const bundleDirname = import.meta.dirname;",
    },
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
