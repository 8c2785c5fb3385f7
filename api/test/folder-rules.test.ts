// The lint rules that keep api/src's wings apart (tools/eslint-api-folders.mjs, docs/architecture.md
// "API and data"): each refuses a forbidden example and lets an allowed one through. The probes are
// linted with the api's own lint config (the eslint CLI from the api folder, as `npm run lint -w api`
// does), from stdin, as if they were the file named.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const apiDir = path.resolve(__dirname, '..');
const eslintBin = path.resolve(apiDir, '../node_modules/.bin/eslint');

interface LintMessage {
  ruleId: string | null;
  message: string;
  fatal?: boolean;
}

function lint(file: string, code: string): LintMessage[] {
  const run = spawnSync(eslintBin, ['--stdin', '--stdin-filename', file, '--format', 'json'], { cwd: apiDir, input: code, encoding: 'utf8' });
  if (!run.stdout.startsWith('[')) throw new Error(run.stdout + run.stderr);
  const messages = (JSON.parse(run.stdout) as { messages: LintMessage[] }[])[0]!.messages;
  expect(messages.filter((m) => m.fatal)).toEqual([]);
  return messages;
}
const rule = (messages: LintMessage[], ruleId: string) => messages.filter((m) => m.ruleId === ruleId).map((m) => m.message);
const RESTRICTED = '@typescript-eslint/no-restricted-imports';
const CYCLES = 'api-folders/no-cycles';

describe('api/src folder rules (lint)', () => {
  it('store code and the server entry may not import a stand-in; the composition root (app.ts) may', () => {
    const store = lint('src/store/orders/probe.ts', "import { SandboxPayLater } from '../../stand-ins/payments/sandbox.js';\nexport { SandboxPayLater };\n");
    expect(rule(store, RESTRICTED)).toEqual([expect.stringContaining('only the composition root (api/src/app.ts) may import a stand-in')]);
    const platform = lint('src/platform/http/probe.ts', "export { LocalBotCheck } from '../../stand-ins/botcheck/local.js';\n");
    expect(rule(platform, RESTRICTED)).toEqual([expect.stringContaining('may import a stand-in')]);
    // the platform is the layer under the store and the edge: it reads neither (the composition root does)
    const platformOnStore = lint('src/platform/http/probe.ts', "import { loadAccountConfig } from '../../store/account/config.js';\nexport { loadAccountConfig };\n");
    expect(rule(platformOnStore, RESTRICTED)).toEqual([expect.stringContaining('the layer under the store and the edge')]);
    const platformOnEdge = lint('src/platform/probe.ts', "export { DEFAULT_WEB_VITALS_SETTINGS } from '../edge/web-vitals.js';\n");
    expect(rule(platformOnEdge, RESTRICTED)).toEqual([expect.stringContaining('the layer under the store and the edge')]);
    const rootOnStore = lint('src/config-probe.ts', "import { loadAccountConfig } from './store/account/config.js';\nexport { loadAccountConfig };\n");
    expect(rule(rootOnStore, RESTRICTED)).toEqual([]);
    // the server entry starts what app.ts builds; it does not pick a stand-in itself
    const entry = lint('src/server.ts', "import { buildPaymentClientOrigin } from './stand-ins/payments/client-origin.js';\nexport { buildPaymentClientOrigin };\n");
    expect(rule(entry, RESTRICTED)).toEqual([expect.stringContaining('may import a stand-in')]);
    const root = lint('src/app.ts', "import { SandboxPayLater } from './stand-ins/payments/sandbox.js';\nimport type { PayLaterGateway } from './store/payments/gateway.js';\nexport const make = (): PayLaterGateway => new SandboxPayLater(null as never, { ttlMs: 1 });\n");
    expect(rule(root, RESTRICTED)).toEqual([]);
    expect(rule(root, CYCLES)).toEqual([]);
    // a stand-in implements the store's interface: it may import the store
    const standIn = lint('src/stand-ins/payments/probe.ts', "import type { PayLaterGateway } from '../../store/payments/gateway.js';\nexport type Gateway = PayLaterGateway;\n");
    expect(rule(standIn, RESTRICTED)).toEqual([]);
  });

  it('runtime code may not read the seed; the seed may use the store', () => {
    const store = lint('src/store/catalog/probe.ts', "import { PRODUCT_TYPES } from '../../seed/data.js';\nexport { PRODUCT_TYPES };\n");
    expect(rule(store, RESTRICTED)).toEqual([expect.stringContaining('runtime code does not read api/src/seed/')]);
    const seed = lint('src/seed/probe.ts', "import { OVERLAY_BY_ID } from '../store/catalog/overlays.js';\nexport { OVERLAY_BY_ID };\n");
    expect(rule(seed, RESTRICTED)).toEqual([]);
    expect(rule(seed, CYCLES)).toEqual([]);
  });

  it('no import cycles between folders: static, re-exported, dynamic and type imports are refused; one-way imports pass', () => {
    // store/catalog imports platform/db, so platform/db may not import store/catalog
    const cycle = lint(
      'src/platform/db/probe.ts',
      "import type { CatalogService } from '../../store/catalog/service.js';\nexport { CatalogService as C } from '../../store/catalog/service.js';\nexport const load = () => import('../../store/catalog/service.js');\nexport type T = CatalogService | typeof import('../../store/catalog/service.js');\n",
    );
    const cycles = rule(cycle, CYCLES);
    expect(cycles).toHaveLength(4);
    for (const message of cycles) expect(message).toMatch(/^folder cycle: platform\/db -> store\/catalog -> .*platform\/db \(.*imports platform\/db\/.*\)/);
    // the other way round is the one-way dependency the store has on the platform
    const oneWay = lint('src/store/catalog/probe.ts', "import { openDatabase } from '../../platform/db/index.js';\nexport { openDatabase };\n");
    expect(rule(oneWay, CYCLES)).toEqual([]);
    // orders call pricing; pricing may not call back into orders
    const back = lint('src/store/pricing/probe.ts', "import type { OrderService } from '../orders/service.js';\nexport type O = OrderService;\n");
    expect(rule(back, CYCLES)).toEqual([expect.stringMatching(/^folder cycle: store\/pricing -> store\/orders -> store\/pricing/)]);
  });

});
