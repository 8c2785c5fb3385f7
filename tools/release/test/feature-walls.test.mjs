// Walls between features (tools/eslint-features.mjs): lint refuses a file in src/features/<a>/ that
// imports src/features/<b>/, however the path is written, in every remote and in the shell, and lets
// a feature import itself, the project's lib/ and the shared packages. The probes are in-memory files
// linted with the workspace's config, the one each project's `eslint src` finds.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const RULE = 'feature-walls/no-cross-feature';
const eslint = new ESLint({ cwd: root });

/** The wall's errors for `code` linted as the (not existing) file `file`: [{ line, message }]. */
async function walls(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  assert.deepEqual(result.messages.filter((m) => m.fatal), [], `${file} did not parse`);
  return result.messages.filter((m) => m.ruleId === RULE).map(({ line, message }) => ({ line, message }));
}

describe('a feature never imports another feature', () => {
  it('refuses cart -> checkout written every way: relative, through src/, through the project folder, the package name, the baseUrl path, import(), re-export, import type, typeof import()', async () => {
    const forbidden = [
      "import { useCheckoutInfo } from '../checkout/useCheckout';",
      "import { PaymentStep } from '../../features/checkout/steps/PaymentStep';",
      "import { ContactStep } from '../../../../mfe-cart-checkout/src/features/checkout/steps/ContactStep';",
      "import { guard } from '@store/mfe-cart-checkout/src/features/checkout/guards';",
      "import { place } from 'mfe-cart-checkout/src/features/checkout/payment/place';",
      "export const lazyStep = () => import('../checkout/ShippingStep');",
      "export * from '../checkout/messages';",
      "import type { Step } from '../checkout/guards';",
      "export type Messages = typeof import('../checkout/messages');",
      "import '../orders';",
    ];
    const errors = await walls('mfe-cart-checkout/src/features/cart/Probe.tsx', forbidden.join('\n') + '\n');
    assert.deepEqual(
      errors.map((e) => e.line),
      forbidden.map((_, i) => i + 1),
      JSON.stringify(errors, null, 2),
    );
    assert.match(errors[0].message, /src\/features\/cart\/ may not import src\/features\/checkout\/: a feature never imports another feature; move what both need to src\/lib\//);
    assert.match(errors.at(-1).message, /may not import src\/features\/orders\//);
  });

  it('refuses it from a folder inside a feature, in a test (its jest.mock too), in another remote and in the shell', async () => {
    const nested = await walls('mfe-cart-checkout/src/features/checkout/payment/Probe.ts', "export { x } from '../../cart/CartPage';\n");
    assert.deepEqual(nested.map((e) => e.line), [1]);
    assert.match(nested[0].message, /^src\/features\/checkout\/ may not import src\/features\/cart\//);
    const test = await walls('mfe-cart-checkout/src/features/returns/Probe.test.tsx', "jest.mock('../orders/FindOrder');\nimport { FindOrder } from '../orders/FindOrder';\nexport { FindOrder };\n");
    assert.deepEqual(test.map((e) => e.line), [1, 2]);
    assert.deepEqual((await walls('mfe-account/src/features/signin/Probe.tsx', "export { SignUpPage } from '../signup/SignUpPage';\n")).map((e) => e.line), [1]);
    assert.deepEqual((await walls('mfe-catalog/src/features/search/Probe.ts', "export { ListingPage } from '../listing/ListingPage';\n")).map((e) => e.line), [1]);
    assert.deepEqual((await walls('mfe-content/src/features/home/Probe.ts', "export const blog = () => import('../blog/BlogListPage');\n")).map((e) => e.line), [1]);
    assert.deepEqual((await walls('shell/src/features/header/Probe.ts', "export { x } from '../footer/Footer';\n")).map((e) => e.line), [1]);
  });

  it('lets a feature import its own files (from any depth), its project lib/ (by path or by package name) and shared packages', async () => {
    const allowed = [
      "import { CartLines } from './CartLines';",
      "import { useCart } from '../../lib/cart/useCart';",
      "import { Totals } from '@store/mfe-cart-checkout/src/lib/checkout/Summary';",
      "import { formatMoney } from '@store/contracts';",
      "import { bus } from '@store/shared-events';",
      "import { useEffect } from 'react';",
      "export { EmptyCart } from '../cart/CartPage';",
      "export const drawer = () => import('../../features/cart/CartDrawer');",
    ];
    assert.deepEqual(await walls('mfe-cart-checkout/src/features/cart/Probe.tsx', allowed.join('\n') + '\n'), []);
    assert.deepEqual(await walls('mfe-cart-checkout/src/features/cart/lines/Probe.ts', "export { CartLines } from '../CartLines';\nexport { add } from '../add';\n"), []);
  });

  it('does not wall app/ or lib/: they may put features together (lib/ for types only, by the rooms rule)', async () => {
    assert.deepEqual(await walls('mfe-cart-checkout/src/app/Probe.tsx', "export { CartPage } from '../features/cart/CartPage';\nexport { PaymentStep } from '../features/checkout';\n"), []);
  });
});
