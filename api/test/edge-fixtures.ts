import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Fixtures of the edge's tests (server composition, kept pages, security headers): a shell page
 * and a shell server bundle as tools/webpack-config builds them, and a deploy folder written from
 * a map of files.
 */

export const SHELL_HTML =
  '<!doctype html><html lang="en-NZ"><head><meta charset="utf-8"><title>Fernleaf | Bags</title><meta name="description" content="Default">' +
  '<style>:root{--ink:#1d1d1b}</style></head>' +
  '<body><header id="shell-header"></header><main id="shell-main" tabindex="-1"></main><footer id="shell-footer"></footer><script defer src="/cdn/shell/s1/main.js"></script></body></html>';

/** The shell's server bundle: emotion's css prop renders inline <style data-emotion>, as in the real one. */
export const SHELL_SERVER = `
const { jsx, css } = require('@emotion/react');
exports.CHROME_DATA_ELEMENT_ID = 'chrome-data';
exports.load = async () => ({ nav: ['bags'] });
exports.renderHeader = () => jsx('nav', { 'aria-label': 'Main', css: css({ display: 'flex' }) }, 'Bags');
exports.renderFooter = () => jsx('p', { css: css({ color: 'green' }) }, 'Fernleaf Limited');
exports.renderErrorPage = ({ status }) => jsx('h1', null, String(status));
exports.errorTitle = () => 'Page Not Found';
`;

/** A temporary deploy folder (prefix: its name's start) holding `files` (path inside → text). */
export function writeDeploy(prefix: string, files: Record<string, string | Buffer>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}
