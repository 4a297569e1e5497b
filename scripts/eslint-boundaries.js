import fs from 'node:fs';
import path from 'node:path';

/**
 * Import boundaries (docs/architecture.md "Modules own their tables" and "Layers and boundaries"),
 * judged by where an import lands, not by how it is spelled: every static import, `export … from`,
 * `import()` and `import('…')` type is resolved against the importing file (relative paths, the
 * browser's `@/`, the workspace packages) and checked against the layer of both files. The areas
 * are the folders themselves, read as ESLint loads the config: a new folder is covered at once.
 */
const root = path.resolve(import.meta.dirname, '..');
const serverSrc = 'apps/server/src';
const webSrc = 'apps/web/src';

const foldersIn = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * The server's areas: one per folder of `modules/`. An area owns `db/schema/<area>.ts` if there is
 * one (reminders and system own none).
 */
const serverAreas = foldersIn(`${serverSrc}/modules`);
/** The browser's features: one per folder of `features/`. */
const webFeatures = foldersIn(`${webSrc}/features`);

/** The users area's published view over people: the one schema file every module may import. */
const everyonesSchema = 'people';
/** Server code below the modules: it serves them and imports none. */
const sharedServer = new Set(['lib', 'db', 'http', 'events', 'plugins']);
/** What the access layer (who reaches which students, classrooms, teachers) imports inside the server. */
const belowAccess = new Set(['access', 'db', 'http', 'lib']);
const testFile = /\.test\.tsx?$/;
const sharedWeb = new Set(['components', 'hooks', 'lib']);
const workspacePackages = {
  '@tutoria/server': 'apps/server',
  '@tutoria/web': 'apps/web',
  '@tutoria/shared': 'packages/shared',
};

const messages = {
  otherTables: (area) =>
    `The ${area} module reads only its own tables; another area's data comes through that area's <area>.module.ts.`,
  intoModule:
    'Another module is reached only through its <area>.module.ts (its services and read ports), never its repo, service or routes files.',
  sharedToModule:
    'Shared server code never imports a module: a module plugs into it (a port, a registration).',
  accessUpwards:
    "The access layer sits below the modules: it imports db/ (any area's tables, to decide reach), http/, lib/ and packages/shared, never a module.",
  sharedToApps: 'packages/shared sits below both apps and imports neither.',
  toApp: 'app/ sits on top: move what is shared into components/, hooks/ or lib/.',
  intoFeature:
    "Import another feature through its index.ts ('@/features/<name>'), a feature's own files relatively.",
  toFeatures: 'Shared code never imports a feature: move what both need into components/, hooks/ or lib/.',
  outOfFeature:
    "Reach another feature as '@/features/<name>' and shared code as '@/components', '@/hooks' or '@/lib'.",
};

/** The file an import names, relative to the repository (no extension, no trailing `/index`), or null for a package. */
function landing(source, fromFile) {
  let target;
  if (source.startsWith('.') || source.startsWith('/')) target = path.resolve(path.dirname(fromFile), source);
  else if (source === '@' || source.startsWith('@/')) target = path.join(root, webSrc, source.slice(1));
  else {
    const pkg = Object.keys(workspacePackages).find(
      (name) => source === name || source.startsWith(`${name}/`),
    );
    if (!pkg) return null;
    target = path.join(root, workspacePackages[pkg], source.slice(pkg.length));
  }
  return path
    .relative(root, target)
    .split(path.sep)
    .join('/')
    .replace(/\.(tsx?|jsx?|mjs|cjs|json)$/, '')
    .replace(/\/index$/, '');
}

/** Where a repository path sits: `{ app, layer, area?, rest? }` (area: a server module or a web feature). */
function placeOf(file) {
  const parts = file.split('/');
  if (parts[0] === 'packages' && parts[1] === 'shared') return { app: 'shared' };
  if (parts[0] !== 'apps' || parts[2] !== 'src') return { app: parts[0] === 'apps' ? parts[1] : 'other' };
  const app = parts[1];
  const [layer, name, ...rest] = parts.slice(3);
  const areas =
    app === 'server' && layer === 'modules'
      ? serverAreas
      : app === 'web' && layer === 'features'
        ? webFeatures
        : null;
  // A file inside `modules/<area>/` or `features/<name>/` at any depth, or the folder itself (`@/features/x`);
  // `modules/module.ts` sits beside the areas and is none.
  if (areas && (rest.length > 0 || areas.includes(name))) return { app, layer, area: name, rest };
  return { app, layer };
}

/** The refusal for importing `target` from `file` (both repository paths), or null. */
function judge(file, target, source) {
  const from = placeOf(file);
  const to = placeOf(target);

  if (from.app === 'shared') return to.app === 'server' || to.app === 'web' ? messages.sharedToApps : null;

  if (from.app === 'server' && to.app === 'server') {
    if (from.layer === 'modules' && from.area) {
      const schema = `${serverSrc}/db/schema`;
      if (target === schema || target.startsWith(`${schema}/`)) {
        const table = target.slice(schema.length + 1);
        return table === from.area || table === everyonesSchema ? null : messages.otherTables(from.area);
      }
      if (to.layer === 'modules' && to.area && to.area !== from.area) {
        return to.rest.length === 1 && to.rest[0] === `${to.area}.module` ? null : messages.intoModule;
      }
      return null;
    }
    if (sharedServer.has(from.layer)) return to.layer === 'modules' ? messages.sharedToModule : null;
    if (from.layer === 'access') return belowAccess.has(to.layer) ? null : messages.accessUpwards;
    return null;
  }

  if (from.app === 'web' && to.app === 'web') {
    if (from.layer === 'features' && from.area) {
      if (to.layer === 'app') return messages.toApp;
      const relative = source.startsWith('.');
      if (to.layer === 'features' && to.area === from.area) return relative ? null : messages.intoFeature;
      // The shared test helpers (apps/web/test/) sit beside src/ with no alias: a test reaches them relatively.
      if (relative && to.layer === undefined && testFile.test(file) && target.startsWith('apps/web/test/'))
        return null;
      if (relative) return messages.outOfFeature;
      if (to.layer === 'features') return source === `@/features/${to.area}` ? null : messages.intoFeature;
      return null;
    }
    if (sharedWeb.has(from.layer)) {
      if (to.layer === 'app') return messages.toApp;
      if (to.layer === 'features') return messages.toFeatures;
    }
    return null;
  }
  return null;
}

/** The text of a string literal or a template without expressions, else null (an import built at run time). */
function sourceText(node) {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return null;
}

const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports cross area and layer boundaries only where docs/architecture.md allows.' },
    schema: [],
  },
  create(context) {
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    const check = (sourceNode) => {
      const source = sourceText(sourceNode);
      if (source === null) return;
      const target = landing(source, context.filename);
      if (target === null) return;
      const message = judge(file, target, source);
      if (message) context.report({ node: sourceNode, message });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.source ?? node.argument?.literal),
    };
  },
};

export const boundariesPlugin = { meta: { name: 'tutoria-boundaries' }, rules: { boundaries } };
