/**
 * `npm run orders -w api -- <command>`: the operator's order commands (held orders, release,
 * cancel, return refunds, undelivered e-mail; api/src/store/orders/operator.ts). It reads the same
 * settings as the server and reaches the same providers, chosen by the composition root (app.ts).
 * With PGlite, stop the server first (one process per data directory); with PostgreSQL it runs
 * beside the servers.
 */
import path from 'node:path';
import { inspect } from 'node:util';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './platform/db/index.js';
import { productionRefusal } from './production.js';
import { OPERATOR_USAGE, runOperatorCommand } from './store/orders/operator.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h') {
  console.log(OPERATOR_USAGE);
  process.exit(argv.length === 0 ? 2 : 0);
}
try {
  const config = loadConfig(process.env, here);
  const refusal = productionRefusal(process.env, config);
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }
  // no background work here: the servers' senders deliver what this writes to the outbox
  config.mail.intervalSeconds = 0;
  config.checkout.pendingOrderSweepSeconds = 0;
  config.checkout.afterpayExpirySweepSeconds = 0;
  const database = await openDatabase(config);
  const app = buildApp({ config, db: database.db });
  let code = 1;
  try {
    await app.ready();
    const result = await runOperatorCommand(app.orders.review, database.db, argv);
    (result.code === 0 ? console.log : console.error)(result.output);
    code = result.code;
  } finally {
    await app.close();
    await database.close();
  }
  process.exit(code);
} catch (error) {
  console.error(`[orders] ${error instanceof Error ? error.message : inspect(error)}`);
  process.exit(1);
}
