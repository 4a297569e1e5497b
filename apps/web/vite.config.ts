import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { precompressDir } from './build/precompress';

const outDir = fileURLToPath(new URL('./dist', import.meta.url));
/** The sign-in page's server-side build, run by build/prerender.ts and never served. */
const ssrOutDir = fileURLToPath(new URL('./dist-ssr', import.meta.url));

/** After the build (public files copied too), writes .br and .gz beside every text file. */
function precompress(): Plugin {
  return {
    name: 'tutoria-precompress',
    apply: 'build',
    closeBundle: {
      order: 'post',
      handler() {
        const r = precompressDir(outDir);
        const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
        this.info(
          `precompressed ${r.files} files: ${kib(r.bytes)} → gzip ${kib(r.gzipBytes)}, brotli ${kib(r.brotliBytes)}`,
        );
      },
    },
  };
}

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        // `vite build --ssr`: the sign-in screen and the route table for Node (issue 9).
        plugins: [react()],
        resolve: { alias },
        publicDir: false,
        build: {
          outDir: ssrOutDir,
          emptyOutDir: true,
          rolldownOptions: {
            input: {
              'sign-in-page': 'src/prerender/sign-in-page.tsx',
              'route-files': 'src/prerender/route-files.ts',
            },
          },
        },
      }
    : {
        plugins: [react(), precompress()],
        resolve: { alias },
        build: {
          outDir,
          emptyOutDir: true,
          // The build's chunk graph, read by the page-weight check (bench/web-perf.ts, e2e/page-weight).
          manifest: true,
          // Every browser the app supports preloads modules itself; the polyfill only weighed on the first page.
          modulePreload: { polyfill: false },
          rolldownOptions: {
            output: {
              codeSplitting: {
                // Shared chunks under 8 KiB of source (an icon, a hook, one component's styles) are
                // copied into the chunks that import them: the users page loads 37 scripts instead
                // of 97, and each one the page adds costs the main thread (bench/README.md).
                experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
              },
            },
          },
        },
        server: {
          port: 5173,
          // The API runs beside the dev server; the browser keeps one origin so the SPA works as in production.
          proxy: { '/api': 'http://127.0.0.1:3100' },
        },
      },
);
