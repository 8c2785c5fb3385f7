import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';

const require = createRequire(import.meta.url);
const { topicDefinitions, TOPICS_FILE } = require('../../webpack-config/contract.cjs');

describe('storefront contract', () => {
  it('reads every topic definition in shared-events (the gate compares their versions)', () => {
    const source = fs.readFileSync(TOPICS_FILE, 'utf8');
    const definitions = topicDefinitions(source);
    // if this fails, topics.ts changed its layout: keep `name`, `version`, `kind` first in defineTopic
    assert.equal(definitions.length, source.match(/defineTopic\(/g).length);
    assert.ok(definitions.some((t) => t.name === 'cart.add' && t.version === 1 && t.kind === 'event'));
    assert.ok(definitions.some((t) => t.name === 'cart.quantity' && t.version === 1 && t.kind === 'state'));
  });
});
