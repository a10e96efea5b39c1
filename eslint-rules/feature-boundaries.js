import path from 'node:path';

/**
 * Feature boundaries of the web app (STYLE.md habit 5: a feature never imports another
 * feature's internals). Under `root` (apps/web/src):
 * - `features/<a>/**` may import from `features/<b>` (b other than a) only its `api/` folder,
 *   the feature's public data layer (fetchers, query options, query keys); its components,
 *   hooks and other files are private;
 * - `app/` (the router and the pages that compose features) and the entry files at the root
 *   may import any feature;
 * - everything else (`components/`, `lib/`, `config/`, `test/`) imports no feature;
 * - nothing but `app/` and the entry files imports `app/`.
 * Every import is resolved to a file path first, so `../../cart/x`, `../../../features/cart/x`
 * and an alias (option `aliases`: `{ '@/': 'apps/web/src/' }`) are one and the same.
 */

/** @typedef {{ root: string; aliases?: Record<string, string> }} Options */

/**
 * Where a file sits under the source root: its first folder and, in features/, the feature and
 * the folder inside it. Null outside the root.
 * @param {string} root
 * @param {string} file
 */
function place(root, file) {
  const relative = path.relative(root, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [area = '', feature = '', folder = ''] = relative.split(path.sep);
  const atRoot = !relative.includes(path.sep);
  return {
    area: atRoot ? '' : area,
    feature,
    folder,
    relative: relative.split(path.sep).join('/'),
  };
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: "Keep the web app's features from reaching into each other" },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          aliases: { type: 'object', additionalProperties: { type: 'string' } },
        },
        required: ['root'],
        additionalProperties: false,
      },
    ],
    messages: {
      featureInternals:
        "features/{{from}} may use features/{{to}} only through its api/ folder; '{{target}}' is private to it. Share through packages/shared, components/ or lib/, or let app/ compose the two.",
      sharedImportsFeature:
        "{{area}}/ is shared by every feature and may not import one ('{{target}}'). Move what it needs out of the feature, or pass it in from app/.",
      importsApp:
        "Only app/ imports app/ ('{{target}}'): the pages compose features, not the other way round.",
    },
  },
  create(context) {
    const options = /** @type {Options} */ (context.options[0]);
    const root = path.resolve(context.cwd, options.root);
    const from = place(root, context.physicalFilename);
    if (!from || from.area === 'app' || from.area === '') return {};
    const aliases = Object.entries(options.aliases ?? {}).map(([prefix, target]) => ({
      prefix,
      dir: path.resolve(context.cwd, target),
    }));

    /** @param {string} specifier */
    const resolve = (specifier) => {
      if (specifier.startsWith('.'))
        return path.resolve(path.dirname(context.physicalFilename), specifier);
      const alias = aliases.find(({ prefix }) => specifier.startsWith(prefix));
      if (alias) return path.resolve(alias.dir, specifier.slice(alias.prefix.length));
      return path.isAbsolute(specifier) ? specifier : null;
    };

    /** @param {import('estree').Node | null | undefined} source */
    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const file = resolve(source.value);
      const to = file && place(root, file);
      if (!to) return;
      if (to.area === 'app') {
        context.report({ node: source, messageId: 'importsApp', data: { target: to.relative } });
      } else if (to.area === 'features' && from.area !== 'features') {
        context.report({
          node: source,
          messageId: 'sharedImportsFeature',
          data: { area: from.area, target: to.relative },
        });
      } else if (to.area === 'features' && to.feature !== from.feature && to.folder !== 'api') {
        context.report({
          node: source,
          messageId: 'featureInternals',
          data: { from: from.feature, to: to.feature, target: to.relative },
        });
      }
    };

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default rule;
