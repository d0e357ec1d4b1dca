import path from 'node:path';

/** `modules/<name>/…` or `modules/<name>.ts` (services.ts, tables.ts): the module a path under modulesDir is in. */
function moduleOf(modulesDir, file) {
  const relative = path.relative(modulesDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [first, ...rest] = relative.split(path.sep);
  return rest.length ? first : first.replace(/\.tsx?$/, '');
}

/** A job contract: its name, payload and enqueue helper, importable from every layer (it carries no engine). */
const isJobContract = (target) => /\.job(\.ts)?$/.test(target);

/**
 * Each module imports only modules listed before it in the order (eslint/module-order.js for the server's modules,
 * eslint/web-layers.js for the web's folders). Options: { modulesDir: the folder of the modules, relative to the
 * working directory; layers: the order; orderFile: where the order is written, for the message; withinLayer:
 * 'ordered' (the default: the order holds inside a layer too) or 'free' (modules of one layer import each other);
 * advice: what to do instead, for the message }.
 */
export const moduleOrderRule = {
  meta: {
    type: 'problem',
    docs: { description: 'A module imports only modules below it in the order of modules' },
    schema: [
      {
        type: 'object',
        properties: {
          modulesDir: { type: 'string' },
          layers: { type: 'array' },
          orderFile: { type: 'string' },
          withinLayer: { enum: ['ordered', 'free'] },
          advice: { type: 'string' },
        },
      },
    ],
    messages: {
      upward:
        '{{dir}}/{{from}} ({{fromLayer}}) may not import {{dir}}/{{to}} ({{toLayer}}): a module imports only modules listed before it in {{orderFile}}. {{advice}}',
      unplaced: '{{dir}}/{{module}} is not in the order of modules: place it in {{orderFile}}.',
    },
  },
  create(context) {
    const {
      modulesDir,
      layers,
      orderFile = 'eslint/module-order.js',
      withinLayer = 'ordered',
      advice = 'Move the piece to the module that owns it, or go through a job contract (*.job.ts).',
    } = context.options[0];
    const root = path.resolve(context.cwd, modulesDir);
    const dir = path.basename(modulesDir);
    const rank = new Map();
    const layerOf = new Map();
    layers.forEach(({ layer, modules }, layerIndex) => {
      for (const name of Object.keys(modules)) {
        rank.set(name, withinLayer === 'free' ? layerIndex : rank.size);
        layerOf.set(name, layer);
      }
    });
    const from = moduleOf(root, path.resolve(context.cwd, context.filename));
    if (from === null) return {};

    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(path.resolve(context.cwd, context.filename)), source);
      const to = moduleOf(root, target);
      if (to === null || to === from || isJobContract(target)) return;
      for (const module of [from, to]) {
        if (!rank.has(module)) return context.report({ node, messageId: 'unplaced', data: { dir, module, orderFile } });
      }
      if (rank.get(to) > rank.get(from)) {
        context.report({
          node,
          messageId: 'upward',
          data: { dir, from, fromLayer: layerOf.get(from), to, toLayer: layerOf.get(to), orderFile, advice },
        });
      }
    }

    const ofSource = (node) => node.source && check(node.source, node.source.value);
    return {
      ImportDeclaration: ofSource,
      ExportNamedDeclaration: ofSource,
      ExportAllDeclaration: ofSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
