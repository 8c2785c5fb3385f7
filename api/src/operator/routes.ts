import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../platform/db/index.js';
import { releaseHealth } from '../platform/db/schema-site.js';
import { clientOf, tooManyRequests } from '../platform/http/rate-limit.js';
import { cookieValue, type RegistryRemote } from '../edge/cohort.js';
import { vitalsPerMinute } from '../edge/web-vitals.js';
import { clearedCookie, csrfMatches, csrfOf, newSession, OPERATOR_COOKIE, sessionCookie, sessionOf, tokenMatches, type OperatorSettings } from './auth.js';

/**
 * The operator page (/operator): server-rendered HTML with a small stylesheet and no script (the
 * store's CSP holds), behind the operator sign-in (auth.ts), never indexed. It shows each remote's
 * stable and canary versions and the canary's share, per version the last hour's figures per
 * minute (server renders, fallbacks, error reports, INP and LCP 75th percentiles), the release
 * history with reasons, and promote / pause / resume / rollback forms that run the release tool
 * (the same commands, locks and history as on the command line).
 */
export interface HistoryEntry {
  at: string;
  action: string;
  name: string;
  from?: string | null;
  to: string;
  by?: string;
  reason?: string;
  share?: number;
  market?: string;
}

export interface OperatorOptions {
  settings: OperatorSettings;
  db: Database;
  /** The folder holding the registry.json the edge serves. */
  deployDir: string;
  /** The release history, oldest first. */
  history: () => Promise<HistoryEntry[]>;
  /** Runs tools/release/release.mjs with these arguments (conflict: it exited 3, the remote changed meanwhile). */
  releaseTool: (args: string[]) => Promise<{ output: string; conflict: boolean }>;
  now?: () => Date;
}

/** The history of a file registry (registry-history.jsonl in `deployDir`). */
export function fileHistory(deployDir: string): () => Promise<HistoryEntry[]> {
  return async () => {
    try {
      return fs
        .readFileSync(path.join(deployDir, 'registry-history.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as HistoryEntry);
    } catch {
      return [];
    }
  };
}

/** The history of the PostgreSQL registry (release_history). */
export function postgresHistory(query: <T>(text: string) => Promise<{ rows: T[] }>): () => Promise<HistoryEntry[]> {
  return async () => {
    const { rows } = await query<{ at: Date; action: string; name: string; from_version: string | null; to_version: string; by: string; detail: { reason?: string; share?: number; market?: string } | null }>(
      'SELECT at, action, name, from_version, to_version, by, detail FROM (SELECT * FROM release_history ORDER BY id DESC LIMIT 200) h ORDER BY id',
    );
    return rows.map((r) => ({ at: new Date(r.at).toISOString(), action: r.action, name: r.name, from: r.from_version, to: r.to_version, by: r.by, ...(r.detail?.reason ? { reason: r.detail.reason } : {}), ...(r.detail?.share ? { share: r.detail.share } : {}), ...(r.detail?.market ? { market: r.detail.market } : {}) }));
  };
}

const escape = (text: unknown) => String(text ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const short = (version: string | null | undefined) => escape((version ?? '(none)').slice(0, 12));

const STYLE = `
body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1rem;color:#1b1b1b;background:#fff}
h1{font-size:1.5rem}h2{font-size:1.25rem;margin-top:2rem;border-top:1px solid #ccc;padding-top:1rem}h3{font-size:1.05rem}
table{border-collapse:collapse;margin:.5rem 0 1rem;font-variant-numeric:tabular-nums}
th,td{border:1px solid #bbb;padding:.25rem .5rem;text-align:left}th{background:#f1f1f1}
caption{text-align:left;font-weight:600;padding:.25rem 0}
form.inline{display:inline-block;margin:.25rem .5rem .25rem 0}
label{display:block;font-weight:600;margin:.5rem 0 .25rem}
input[type=text],input[type=password]{font:inherit;padding:.4rem;border:1px solid #666;border-radius:4px;min-width:18rem}
button{font:inherit;padding:.4rem .9rem;border:1px solid #1b1b1b;border-radius:4px;background:#fff;color:#1b1b1b;cursor:pointer}
button.danger{background:#a4161a;border-color:#a4161a;color:#fff}
button:focus-visible,input:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.note{padding:.5rem .75rem;border-left:4px solid #1d4ed8;background:#eef2ff}.error{border-left-color:#a4161a;background:#fdecec}
.bar{fill:#1d4ed8}.bar.bad{fill:#a4161a}
header{display:flex;justify-content:space-between;align-items:center;gap:1rem}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escape(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>`;
}

function signInPage(message?: string): string {
  return page(
    'Operator sign-in',
    `<main>
<h1>Operator sign-in</h1>
${message ? `<p class="note error" role="alert">${escape(message)}</p>` : ''}
<form method="post" action="/operator/sign-in">
<label for="token">Operator token</label>
<input id="token" name="token" type="password" autocomplete="current-password" required>
<p><button type="submit">Sign in</button></p>
</form>
</main>`,
  );
}

interface MinuteFigures {
  minute: Date;
  renders: number;
  renderFailures: number;
  errorReports: number;
  inp: number | null;
  lcp: number | null;
}

/** A version's figures per minute over the last hour (only minutes with something to show), newest first. */
async function figuresOf(db: Database, remote: string, version: string, since: Date): Promise<MinuteFigures[]> {
  const health = await db
    .select({ minute: releaseHealth.minute, renders: releaseHealth.renders, renderFailures: releaseHealth.renderFailures, errorReports: releaseHealth.errorReports })
    .from(releaseHealth)
    .where(and(eq(releaseHealth.remote, remote), eq(releaseHealth.version, version), gte(releaseHealth.minute, since)))
    .orderBy(sql`${releaseHealth.minute} desc`);
  const byMinute = new Map<number, MinuteFigures>();
  const at = (minute: Date) => {
    const key = new Date(minute).getTime();
    let row = byMinute.get(key);
    if (!row) byMinute.set(key, (row = { minute: new Date(key), renders: 0, renderFailures: 0, errorReports: 0, inp: null, lcp: null }));
    return row;
  };
  for (const h of health) Object.assign(at(h.minute), { renders: h.renders, renderFailures: h.renderFailures, errorReports: h.errorReports });
  for (const m of await vitalsPerMinute(db, remote, version, 'INP', since)) at(m.minute).inp = m.p75;
  for (const m of await vitalsPerMinute(db, remote, version, 'LCP', since)) at(m.minute).lcp = m.p75;
  return [...byMinute.values()].sort((a, b) => b.minute.getTime() - a.minute.getTime());
}

const ms = (value: number | null) => (value === null ? '–' : Number.isFinite(value) ? `${value} ms` : '> 30 s');

/** An inline bar (SVG, no script) for a share 0..1 of a row's scale. */
function bar(value: number, max: number, label: string, bad = false): string {
  const width = max > 0 ? Math.max(1, Math.round((Math.min(value, max) / max) * 80)) : 0;
  return `<svg width="80" height="10" role="img" aria-label="${escape(label)}" focusable="false"><rect class="bar${bad ? ' bad' : ''}" x="0" y="0" height="10" width="${width}"></rect></svg>`;
}

function figuresTable(remote: string, label: string, version: string, rows: MinuteFigures[]): string {
  const caption = `${remote} ${label} ${version.slice(0, 12)}: the last hour per minute`;
  if (rows.length === 0) return `<p>${escape(caption)}: nothing counted yet.</p>`;
  const maxInp = Math.max(0, ...rows.map((r) => (r.inp !== null && Number.isFinite(r.inp) ? r.inp : 0)));
  const maxLcp = Math.max(0, ...rows.map((r) => (r.lcp !== null && Number.isFinite(r.lcp) ? r.lcp : 0)));
  const total = rows.reduce((t, r) => ({ renders: t.renders + r.renders, renderFailures: t.renderFailures + r.renderFailures, errorReports: t.errorReports + r.errorReports }), { renders: 0, renderFailures: 0, errorReports: 0 });
  const body = rows
    .slice(0, 60)
    .map(
      (r) => `<tr><th scope="row">${escape(r.minute.toISOString().slice(11, 16))}</th><td>${r.renders}</td><td>${r.renderFailures}</td><td>${r.errorReports}</td>` +
        `<td>${ms(r.inp)} ${r.inp !== null ? bar(Number.isFinite(r.inp) ? r.inp : maxInp, maxInp, `INP ${ms(r.inp)}`, (r.inp ?? 0) > 200) : ''}</td>` +
        `<td>${ms(r.lcp)} ${r.lcp !== null ? bar(Number.isFinite(r.lcp) ? r.lcp : maxLcp, maxLcp, `LCP ${ms(r.lcp)}`, (r.lcp ?? 0) > 2500) : ''}</td></tr>`,
    )
    .join('\n');
  return `<table>
<caption>${escape(caption)}</caption>
<thead><tr><th scope="col">Minute (UTC)</th><th scope="col">Server renders</th><th scope="col">Fallbacks</th><th scope="col">Error reports</th><th scope="col">INP p75</th><th scope="col">LCP p75</th></tr></thead>
<tbody>
${body}
</tbody>
<tfoot><tr><th scope="row">Hour</th><td>${total.renders}</td><td>${total.renderFailures}</td><td>${total.errorReports}</td><td colspan="2"></td></tr></tfoot>
</table>`;
}

function actionForm(csrf: string, remote: string, action: string, label: string, expect: string | null, danger = false): string {
  const id = `reason-${remote}-${action}`;
  return `<form class="inline" method="post" action="/operator/act">
<input type="hidden" name="csrf" value="${escape(csrf)}">
<input type="hidden" name="remote" value="${escape(remote)}">
<input type="hidden" name="action" value="${escape(action)}">
${expect ? `<input type="hidden" name="expect" value="${escape(expect)}">` : ''}
<label for="${escape(id)}">Reason for ${escape(label.toLowerCase())} of ${escape(remote)}</label>
<input id="${escape(id)}" name="reason" type="text" maxlength="200">
<button type="submit"${danger ? ' class="danger"' : ''}>${escape(label)} ${escape(remote)}</button>
</form>`;
}

const NOTICES: Record<string, string> = {
  promote: 'promoted: the canary is live for every shopper',
  pause: 'paused: the canary stays at its share; the judge still rolls it back on a regression',
  resume: 'resumed: the judge steps the canary on again',
  rollback: 'rolled back',
  conflict: 'nothing was changed: the remote changed meanwhile (another operator or the judge acted first)',
};

export async function registerOperator(app: FastifyInstance, options: OperatorOptions): Promise<void> {
  const { settings, db } = options;
  const now = () => (options.now ?? (() => new Date()))();
  const signInLimit = { bucket: 'operator-sign-in', limit: 10, windowSeconds: 60 };

  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    scope.addHook('onRequest', async (_request, reply) => {
      reply.header('x-robots-tag', 'noindex, nofollow').header('cache-control', 'no-store').header('referrer-policy', 'same-origin');
    });
    const secure = (request: FastifyRequest) => request.protocol === 'https';
    const session = (request: FastifyRequest) => sessionOf(settings, cookieValue(request.headers.cookie, OPERATOR_COOKIE));
    const html = (reply: FastifyReply, code: number, text: string) => reply.code(code).type('text/html; charset=utf-8').send(text);
    /** A POST from another site is refused (with SameSite=Strict it carries no session anyway). */
    const sameOrigin = (request: FastifyRequest) => {
      const origin = request.headers.origin;
      return !origin || origin === `${request.protocol}://${request.host}`;
    };

    scope.get('/operator', async (request, reply) => {
      const nonce = session(request);
      if (!nonce) return html(reply, 401, signInPage());
      return html(reply, 200, await dashboard(csrfOf(settings, nonce), request.query as Record<string, string>));
    });

    scope.post('/operator/sign-in', async (request, reply) => {
      const decision = await app.rateLimits.take(signInLimit, clientOf(request));
      if (!decision.ok) return tooManyRequests(reply, decision, 'Too many sign-in attempts: try again later.', 'TooManyAttempts');
      const token = (request.body as Record<string, string> | undefined)?.token ?? '';
      if (!sameOrigin(request) || !tokenMatches(settings, token)) return html(reply, 401, signInPage('That token is not the operator token.'));
      return reply.code(303).header('set-cookie', sessionCookie(newSession(settings), secure(request))).header('location', '/operator').send();
    });

    scope.post('/operator/sign-out', async (request, reply) => {
      return reply.code(303).header('set-cookie', clearedCookie(secure(request))).header('location', '/operator').send();
    });

    scope.post('/operator/act', async (request, reply) => {
      const nonce = session(request);
      if (!nonce) return html(reply, 401, signInPage('Sign in first.'));
      const form = (request.body ?? {}) as Record<string, string>;
      if (!sameOrigin(request) || !csrfMatches(settings, nonce, form.csrf)) return html(reply, 403, page('Refused', '<main><h1>Refused</h1><p>The form was not this session\'s (reload the operator page and try again).</p><p><a href="/operator">Back</a></p></main>'));
      const remote = readRegistry(options.deployDir).find((r) => r.name === form.remote);
      const action = form.action ?? '';
      if (!remote || !['promote', 'pause', 'resume', 'rollback'].includes(action)) return html(reply, 400, page('Not understood', '<main><h1>Not understood</h1><p>No such remote or action.</p><p><a href="/operator">Back</a></p></main>'));
      const reason = (form.reason ?? '').trim().slice(0, 200);
      const canary = remote.canary?.version;
      const expect = form.expect || canary;
      // rollback with a canary running takes the canary back (abort); without one, the previous version
      const args =
        action === 'rollback' && !canary
          ? ['rollback', remote.name]
          : action === 'rollback'
            ? ['abort', remote.name, '--expect', expect!, '--by', 'operator', '--reason', reason || 'rolled back by an operator']
            : [action, remote.name, ...(expect ? ['--expect', expect] : []), '--by', 'operator', ...(reason ? ['--reason', reason] : [])];
      try {
        const result = await options.releaseTool(args);
        request.log.info({ operator: true, args, output: result.output }, `operator: ${args.join(' ')}`);
        return reply.code(303).header('location', `/operator?done=${result.conflict ? 'conflict' : action}&remote=${encodeURIComponent(remote.name)}`).send();
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        request.log.warn({ err: error, args }, 'operator: the release tool refused');
        return html(reply, 409, page('Not done', `<main><h1>Not done</h1><p>The release tool refused ${escape(args.slice(0, 2).join(' '))}:</p><pre>${escape(message)}</pre><p><a href="/operator">Back</a></p></main>`));
      }
    });
  });

  async function dashboard(csrf: string, query: Record<string, string>): Promise<string> {
    const remotes = readRegistry(options.deployDir);
    const since = new Date(now().getTime() - 3600_000);
    const history = (await options.history()).slice(-50).reverse();
    const notice = query.done && NOTICES[query.done] && remotes.some((r) => r.name === query.remote) ? `<p class="note" role="status">${escape(query.remote)}: ${escape(NOTICES[query.done])}</p>` : '';
    const sections: string[] = [];
    const overview = remotes
      .map((r) => {
        const c = r.canary;
        const cohort = c ? `${100 - c.share}% stable, ${c.share}% canary${c.market ? ` (in ${escape(c.market)})` : ''}${c.paused ? ', paused' : ''}` : '100% stable';
        return `<tr><th scope="row">${escape(r.name)}</th><td><code>${short(r.version)}</code></td><td>${c ? `<code>${short(c.version)}</code>` : 'none'}</td><td>${cohort}</td><td>${c?.since ? escape(c.since.slice(0, 16).replace('T', ' ')) : '–'}</td></tr>`;
      })
      .join('\n');
    for (const r of remotes) {
      const c = r.canary;
      const forms = c
        ? [actionForm(csrf, r.name, 'promote', 'Promote', c.version), c.paused ? actionForm(csrf, r.name, 'resume', 'Resume', c.version) : actionForm(csrf, r.name, 'pause', 'Pause', c.version), actionForm(csrf, r.name, 'rollback', 'Roll back', c.version, true)]
        : [actionForm(csrf, r.name, 'rollback', 'Roll back', null, true)];
      sections.push(`<section aria-labelledby="remote-${escape(r.name)}">
<h2 id="remote-${escape(r.name)}">${escape(r.name)}</h2>
<p>Stable <code>${short(r.version)}</code>${c ? `; canary <code>${short(c.version)}</code> for ${c.share}% of shoppers${c.market ? ` in ${escape(c.market)}` : ''}${c.paused ? ' (paused)' : ''}` : ''}.</p>
${figuresTable(r.name, 'stable', r.version, await figuresOf(db, r.name, r.version, since))}
${c ? figuresTable(r.name, 'canary', c.version, await figuresOf(db, r.name, c.version, since)) : ''}
<h3>Actions</h3>
${forms.join('\n')}
</section>`);
    }
    const historyRows = history
      .map((h) => `<tr><td>${escape(h.at.slice(0, 19).replace('T', ' '))}</td><td>${escape(h.action)}</td><th scope="row">${escape(h.name)}</th><td><code>${short(h.from)}</code> → <code>${short(h.to)}</code></td><td>${h.share ? `${escape(h.share)}%${h.market ? ` of ${escape(h.market)}` : ''}` : ''}</td><td>${escape(h.by ?? '')}</td><td>${escape(h.reason ?? '')}</td></tr>`)
      .join('\n');
    return page(
      'Operator: releases',
      `<header><h1>Releases</h1><form method="post" action="/operator/sign-out"><button type="submit">Sign out</button></form></header>
<main>
${notice}
<table>
<caption>Live versions and cohort shares</caption>
<thead><tr><th scope="col">Remote</th><th scope="col">Stable</th><th scope="col">Canary</th><th scope="col">Shoppers</th><th scope="col">Canary since (UTC)</th></tr></thead>
<tbody>
${overview}
</tbody>
</table>
${sections.join('\n')}
<h2 id="history">Release history</h2>
<table aria-labelledby="history">
<thead><tr><th scope="col">When (UTC)</th><th scope="col">Action</th><th scope="col">Remote</th><th scope="col">Versions</th><th scope="col">Share</th><th scope="col">By</th><th scope="col">Reason</th></tr></thead>
<tbody>
${historyRows}
</tbody>
</table>
</main>`,
    );
  }
}

function readRegistry(deployDir: string): RegistryRemote[] {
  try {
    return (JSON.parse(fs.readFileSync(path.join(deployDir, 'registry.json'), 'utf8')) as { remotes?: RegistryRemote[] }).remotes ?? [];
  } catch {
    return [];
  }
}
