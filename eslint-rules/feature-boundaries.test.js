import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import rule from './feature-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const repo = fileURLToPath(new URL('..', import.meta.url));
const src = path.join(repo, 'apps/web/src');
const at = (/** @type {string} */ file) => path.join(src, file);
const options = [{ root: 'apps/web/src', aliases: { '@/': 'apps/web/src/' } }];

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
});

const cardFile = at('features/orders/components/order-form.tsx');

/**
 * @template {object} T
 * @param {T[]} cases
 */
const withOptions = (cases) => cases.map((testCase) => ({ options, ...testCase }));

tester.run('feature-boundaries', rule, {
  valid: withOptions([
    // Another feature's api/ folder is public: fetchers, query options, query keys.
    { code: "import { productKeys } from '../../catalog/api/product-keys';", filename: cardFile },
    {
      code: "import { orderKeys } from '../../orders/api/order-keys';",
      filename: at('features/admin/api/ship-order.ts'),
    },
    // Its own files, shared code, packages.
    { code: "import { BuyerFields } from './buyer-fields';", filename: cardFile },
    { code: "import { useOrderDefaults } from '../hooks/use-order-defaults';", filename: cardFile },
    { code: "import { TextField } from '../../../components/ui/text-field';", filename: cardFile },
    { code: "import { apiFetch } from '../../../lib/api-client';", filename: cardFile },
    { code: "import { paths } from '../../../config/paths';", filename: cardFile },
    { code: "import { formatPrice } from '@shop/shared';", filename: cardFile },
    { code: "import { Link } from 'react-router';", filename: at('components/layout/navbar.tsx') },
    // app/ composes features, internals included; so do the entry files.
    {
      code: "import { AddToOrderListSlot } from '../../features/cart/components/add-to-order-list-slot';",
      filename: at('app/routes/products.tsx'),
    },
    { code: "import { createAppRouter } from './app/router';", filename: at('main.tsx') },
    // Files outside the web app are not its business.
    {
      code: "import { x } from '../apps/web/src/features/cart/order-list-store';",
      filename: path.join(repo, 'scripts/tool.ts'),
    },
  ]),
  invalid: withOptions([
    {
      code: "import { useAddToOrderList } from '../../cart/hooks/use-add-to-order-list';",
      filename: cardFile,
      errors: [{ messageId: 'featureInternals' }],
    },
    {
      // The same file spelled through features/, through an alias, as a type, as a re-export,
      // and loaded lazily: all refused.
      code: [
        "import { linePrice } from '../../../features/cart/quantity-rules';",
        "import { getOrderList } from '@/features/cart/order-list-store';",
        "import type { OrderDefaults } from '../../cart/hooks/use-x';",
        "export { AddToOrderList } from '../../cart/components/add-to-order-list';",
        "export * from '../../cart/announce';",
        "const lazy = () => import('../../cart/components/order-list');",
      ].join('\n'),
      filename: cardFile,
      errors: Array.from({ length: 6 }, () => ({ messageId: 'featureInternals' })),
    },
    {
      code: "import { BuyerFields } from '../../orders/components/buyer-fields';",
      filename: at('features/cart/components/checkout-form.test.tsx'),
      errors: [
        {
          message:
            "features/cart may use features/orders only through its api/ folder; 'features/orders/components/buyer-fields' is private to it. Share through packages/shared, components/ or lib/, or let app/ compose the two.",
        },
      ],
    },
    {
      // Shared folders import no feature, not even its api/.
      code: "import { useAuth } from '../../features/account/hooks/use-auth';",
      filename: at('components/layout/navbar.tsx'),
      errors: [{ messageId: 'sharedImportsFeature' }],
    },
    {
      code: "import { productKeys } from '../features/catalog/api/product-keys';",
      filename: at('lib/query-client.ts'),
      errors: [{ messageId: 'sharedImportsFeature' }],
    },
    {
      code: "import { paths } from '../features/x/api/y';",
      filename: at('config/paths.ts'),
      errors: [{ messageId: 'sharedImportsFeature' }],
    },
    {
      // Only app/ imports app/.
      code: "import { Toasts } from '../../../app/toasts';",
      filename: cardFile,
      errors: [{ messageId: 'importsApp' }],
    },
    {
      code: "import { createAppRouter } from '../app/router';",
      filename: at('lib/query-client.ts'),
      errors: [{ messageId: 'importsApp' }],
    },
  ]),
});
