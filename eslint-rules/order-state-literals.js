/**
 * No order state written by hand in a repository (issue 21; STYLE.md habit 10). The states an
 * order moves through are one table, `orderTransitions` in packages/shared/src/orders/order-states.ts:
 * a conditional UPDATE is built from it (modules/orders/apply-transition.repository.ts), a read
 * of "unpaid" asks `inStateFor('cancel')`, a new order takes `newOrderState`. A string such as
 * 'pending' in a repository's SQL is a second copy of the rule that the table no longer governs.
 *
 * Reported: a string literal equal to a state (option `states`: the values of PAYMENT_STATUSES
 * and ORDER_STATUSES), and a quoted state inside a template (raw SQL: `... = 'pending'`).
 * Not reported: a literal type (`{ kind: 'placed' }` in a type), and the value of a property or
 * member named in option `allowKeys` (default `kind`: a result's tag such as
 * `{ kind: 'placed', order }`, which names an outcome, not an order's state).
 */

/** @typedef {{ states: string[]; allowKeys?: string[] }} Options */

/** @param {import('estree').Node | undefined} node */
const keyName = (node) => {
  if (!node) return undefined;
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  return undefined;
};

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Keep order states out of repositories: build them from orderTransitions',
    },
    schema: [
      {
        type: 'object',
        properties: {
          states: { type: 'array', items: { type: 'string' }, minItems: 1 },
          allowKeys: { type: 'array', items: { type: 'string' } },
        },
        required: ['states'],
        additionalProperties: false,
      },
    ],
    messages: {
      stateLiteral:
        "The order state '{{state}}' is written by hand. Build the condition or value from orderTransitions (applyTransition, inStateFor, newOrderState in modules/orders), so the state table stays the one source.",
    },
  },
  create(context) {
    const options = /** @type {Options} */ (context.options[0]);
    const states = new Set(options.states);
    const allowKeys = new Set(options.allowKeys ?? ['kind']);
    const quoted = new RegExp(`'(${[...states].join('|')})'`);

    /**
     * Whether a literal is a result's tag or a type, not an order's state.
     * @param {import('estree').Literal & import('eslint').Rule.NodeParentExtension} node
     */
    const allowed = (node) => {
      const parent = /** @type {any} */ (node.parent); // typescript-eslint adds node types estree lacks
      if (!parent) return false;
      if (parent.type === 'TSLiteralType') return true;
      if (parent.type === 'Property' && parent.value === node) {
        return allowKeys.has(keyName(parent.key) ?? '');
      }
      if (parent.type === 'BinaryExpression') {
        const other = parent.left === node ? parent.right : parent.left;
        return other.type === 'MemberExpression' && allowKeys.has(keyName(other.property) ?? '');
      }
      return false;
    };

    return {
      Literal(node) {
        if (typeof node.value !== 'string' || !states.has(node.value) || allowed(node)) return;
        context.report({ node, messageId: 'stateLiteral', data: { state: node.value } });
      },
      TemplateElement(node) {
        const match = quoted.exec(node.value.raw);
        if (match) context.report({ node, messageId: 'stateLiteral', data: { state: match[1] } });
      },
    };
  },
};

export default rule;
