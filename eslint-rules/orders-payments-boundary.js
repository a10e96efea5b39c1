import path from 'node:path';

/**
 * Payments depends on orders, never the reverse, and in one place (issue 21; STYLE.md: a flow
 * that spans areas has one owner). Under `root` (apps/server/src/modules):
 * - nothing in `orders/` imports from `payments/`: what the orders module needs of payments
 *   (cancelling an order's intents) is handed to it by the composition root (app.ts);
 * - nothing in `payments/` imports from `orders/`, except the flow file (option `flow`,
 *   `payments/payment-flow.ts`), which owns "a gateway success arrived" and "cancel this
 *   order's intents".
 * Imports are resolved to paths first, so every spelling of a relative import counts. Tests
 * span modules by nature and are left out by the configuration.
 */

/** @typedef {{ root: string; flow: string }} Options */

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep orders and payments from importing each other outside the flow' },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' }, flow: { type: 'string' } },
        required: ['root', 'flow'],
        additionalProperties: false,
      },
    ],
    messages: {
      ordersImportsPayments:
        "modules/orders may not import modules/payments ('{{target}}'): payments depends on orders, not the reverse. Take what orders needs as a dependency (an interface such as OrderIntents) that app.ts wires to the payment flow.",
      paymentsImportsOrders:
        "Only {{flow}} imports modules/orders from payments ('{{target}}'). Ask the payment flow instead, or move the step that needs the order into it.",
    },
  },
  create(context) {
    const options = /** @type {Options} */ (context.options[0]);
    const root = path.resolve(context.cwd, options.root);
    /** @param {string} file */
    const moduleOf = (file) => {
      const relative = path.relative(root, file);
      if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
      return { module: relative.split(path.sep)[0], relative: relative.split(path.sep).join('/') };
    };
    const from = moduleOf(context.physicalFilename);
    if (!from || (from.module !== 'orders' && from.module !== 'payments')) return {};
    const isFlow = from.relative === options.flow;

    /** @param {import('estree').Node | null | undefined} source */
    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return;
      const to = moduleOf(path.resolve(path.dirname(context.physicalFilename), source.value));
      if (!to) return;
      if (from.module === 'orders' && to.module === 'payments') {
        context.report({
          node: source,
          messageId: 'ordersImportsPayments',
          data: { target: to.relative },
        });
      } else if (from.module === 'payments' && to.module === 'orders' && !isFlow) {
        context.report({
          node: source,
          messageId: 'paymentsImportsOrders',
          data: { target: to.relative, flow: options.flow },
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
