import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPROVAL_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES } from '@shop/shared';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import stateLiterals from './order-state-literals.js';
import { ORDER_STATE_VALUES } from './order-states.js';
import boundary from './orders-payments-boundary.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const repo = fileURLToPath(new URL('..', import.meta.url));
const modules = path.join(repo, 'apps/server/src/modules');
const at = (/** @type {string} */ file) => path.join(modules, file);

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
});

describe('the states the lint rule knows', () => {
  it('are every value of the shared PAYMENT_STATUSES, ORDER_STATUSES and APPROVAL_STATUSES', () => {
    expect([...ORDER_STATE_VALUES].sort()).toEqual(
      [...new Set([...PAYMENT_STATUSES, ...ORDER_STATUSES, ...APPROVAL_STATUSES])].sort(),
    );
  });
});

const stateOptions = [{ states: ORDER_STATE_VALUES }];
const repository = at('orders/order-transitions.repository.ts');
const state = (/** @type {string} */ code) => ({
  code,
  filename: repository,
  options: stateOptions,
});

tester.run('order-state-literals', stateLiterals, {
  valid: [
    // Built from the table.
    state("q.updateTable('orders').set(orderTransitions.cancel.to).where(inStateFor('cancel'));"),
    state('const row = { ...newOrderState, id };'),
    // A result's tag, in a value, a comparison and a type: an outcome, not an order's state.
    state("const result = { kind: 'placed', order };"),
    state("if (outcome.result.kind === 'placed') done();"),
    state("type Result = { kind: 'placed'; order: unknown };"),
    // Other words, and the gateway's own statuses (American spelling).
    state("q.where('status', 'not in', ['succeeded', 'canceled']);"),
  ],
  invalid: [
    {
      // The test gateway's old read of the orders table.
      ...state("q.where('payment_status', '=', 'pending');"),
      errors: [{ messageId: 'stateLiteral', data: { state: 'pending' } }],
    },
    {
      ...state("q.set({ payment_status: 'paid', order_status: 'placed' });"),
      errors: [
        { messageId: 'stateLiteral', data: { state: 'paid' } },
        { messageId: 'stateLiteral', data: { state: 'placed' } },
      ],
    },
    {
      ...state("eb.case().when('orders.order_status', '=', 'shipped').then(1);"),
      errors: [{ messageId: 'stateLiteral', data: { state: 'shipped' } }],
    },
    {
      // Raw SQL in a template.
      ...state("sql`update orders set payment_status = 'cancelled' where id = ${id}`;"),
      errors: [{ messageId: 'stateLiteral', data: { state: 'cancelled' } }],
    },
    {
      // A constant is no way round it.
      ...state("const UNPAID = 'pending';"),
      errors: [{ messageId: 'stateLiteral' }],
    },
  ],
});

const boundaryOptions = [{ root: 'apps/server/src/modules', flow: 'payments/payment-flow.ts' }];
const importIn = (/** @type {string} */ file, /** @type {string} */ code) => ({
  code,
  filename: at(file),
  options: boundaryOptions,
});

tester.run('orders-payments-boundary', boundary, {
  valid: [
    // The flow is the one file of payments that knows orders.
    importIn(
      'payments/payment-flow.ts',
      "import { markPaidRefusal } from '../orders/orders.service.js';",
    ),
    importIn(
      'payments/payment-flow.ts',
      "import type { OrdersRepository } from '../orders/orders.repository.js';",
    ),
    // Payments' other files use the flow and their own files.
    importIn(
      'payments/payments.service.ts',
      "import type { PaymentFlow } from './payment-flow.js';",
    ),
    // Each module's own files, shared code, and other modules.
    importIn('orders/orders.service.ts', "import { toOrder } from './order-view.js';"),
    importIn('orders/orders.service.ts', "import { AppError } from '../../http/app-error.js';"),
    importIn(
      'orders/order-transitions.repository.ts',
      "import { x } from '../mail/outbox.repository.js';",
    ),
    importIn('products/products.service.ts', "import type { OrderRow } from '../../db/schema.js';"),
  ],
  invalid: [
    {
      // The review's finding: orders took the payments repository and the gateway.
      ...importIn(
        'orders/orders.service.ts',
        "import type { PaymentGateway } from '../payments/gateway.js';",
      ),
      errors: [{ messageId: 'ordersImportsPayments' }],
    },
    {
      ...importIn(
        'orders/orders.repository.ts',
        "export { type SucceededPayment } from '../payments/payments.repository.js';",
      ),
      errors: [{ messageId: 'ordersImportsPayments' }],
    },
    {
      // ...and payments the orders repository and service.
      ...importIn(
        'payments/payments.service.ts',
        "import type { OrdersRepository } from '../orders/orders.repository.js';",
      ),
      errors: [{ messageId: 'paymentsImportsOrders' }],
    },
    {
      // Another spelling of the same file.
      ...importIn(
        'payments/test-gateway.ts',
        "import { x } from '../../modules/orders/order-reads.repository.js';",
      ),
      errors: [{ messageId: 'paymentsImportsOrders' }],
    },
    {
      ...importIn(
        'orders/orders.service.ts',
        "const m = await import('../payments/payment-flow.js');",
      ),
      errors: [{ messageId: 'ordersImportsPayments' }],
    },
  ],
});
