#!/usr/bin/env node
// Screenshots of the chrome for docs/screenshots: home, open navigation and region dialog, at
// desktop (1280 px) and mobile (375 px) widths. Runs the system Chromium through playwright-core
// with the flags of e2e/support/chromium.json against a running store:
//
//   node docs/screenshots/take.mjs http://localhost:8080
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const config = JSON.parse(fs.readFileSync(path.join(here, '../../e2e/support/chromium.json'), 'utf8'));
const base = process.argv[2] ?? 'http://localhost:8080';

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || config.executablePath, args: config.args });
const sizes = { desktop: { width: 1280, height: 800 }, mobile: { width: 375, height: 812 } };

async function page(size) {
  const context = await browser.newContext({ viewport: sizes[size], deviceScaleFactor: 1, locale: 'en-NZ', timezoneId: 'Pacific/Auckland', hasTouch: size === 'mobile' });
  const p = await context.newPage();
  await p.goto(base, { waitUntil: 'networkidle' });
  await p.getByRole('heading', { level: 1 }).first().waitFor();
  // every visible image has its pixels
  await p.waitForFunction(() => [...document.images].filter((img) => img.getBoundingClientRect().top < innerHeight && img.loading !== 'lazy').every((img) => img.complete));
  return p;
}

async function shot(p, name) {
  await p.waitForTimeout(400); // overlay enter transition (300 ms)
  await p.screenshot({ path: path.join(here, `${name}.png`) });
  console.log(`docs/screenshots/${name}.png`);
}

for (const size of ['desktop', 'mobile']) {
  let p = await page(size);
  await shot(p, `home-${size}`);

  if (size === 'desktop') {
    await p.locator('#shell-header nav[aria-label="Main"]').getByRole('link', { name: 'Bags', exact: true }).hover();
    await p.locator('#main-nav-dropdown-0 img').evaluate((img) => (img.complete ? null : new Promise((r) => img.addEventListener('load', r))));
  } else {
    await p.getByRole('button', { name: 'Open menu' }).click();
    await p.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: /Bags/ }).click();
  }
  await shot(p, `navigation-${size}`);
  await p.context().close();

  p = await page(size);
  if (size === 'desktop') await p.locator('#shell-header').getByRole('button', { name: /Change region/ }).click();
  else {
    await p.getByRole('button', { name: 'Open menu' }).click();
    await p.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: /Change region/ }).click();
  }
  await p.getByRole('dialog', { name: 'Choose your region' }).waitFor();
  await shot(p, `region-dialog-${size}`);
  await p.context().close();
}
await browser.close();
