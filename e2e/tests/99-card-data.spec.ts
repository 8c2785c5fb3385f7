import fs from 'node:fs';
import { expect, TEST_CARD_PATTERN, test } from '../support/fixtures';

/**
 * Card numbers never reach the store. Every test of the suite already fails when a
 * request to the store's origin carries a test card number (the `cardNumbersSentToStore` fixture);
 * this spec runs last (files run in name order, one worker) and reads the server's log of the whole
 * run: the API, the edge and the payment stand-in's own origin write to it, and none of them may
 * have logged a card number.
 */
test('no card number in the server log of the run', async ({ store }) => {
  const log = fs.readFileSync(store.serverLog, 'utf8');
  expect(log.length).toBeGreaterThan(0);
  const lines = log.split('\n').filter((line) => TEST_CARD_PATTERN.test(line));
  expect(lines).toEqual([]);
});
