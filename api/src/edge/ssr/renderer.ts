/**
 * A renderer process: runs the remotes' and the shell's server bundles away from the API process
 * (renderers.ts starts it). It is started with an empty environment and Node's permission model
 * (reading only this file and the deploy folder's cdn/, no child processes, no workers), so a
 * bundle cannot see the store's secrets, read its files or reach its database. It gets the URL, the
 * market and the route's data over IPC; a loader's `api(url)` is asked of the API process, which
 * answers with its in-process API; the renderer sends back HTML, emotion styles, status and head.
 * Nor can a bundle reach the network (closeNetwork): the loader's `api` is its only way out.
 */
import dgram from 'node:dgram';
import dns from 'node:dns';
import net from 'node:net';
import type { MarketSettings } from '@store/contracts';
import type { RemoteServerModule, ServerApi } from '@store/contracts/ssr';
import { headOf } from '@store/contracts/ssr';
import { dataFromRenderCall } from './answer-body';
import { loadServerModule } from './modules';
import { renderRoot, within, type Rendered, type ShellServerModule } from './render';

export type RendererOp =
  | { op: 'shell'; file: string }
  | { op: 'shellData'; file: string }
  | { op: 'chrome'; file: string; url: string; data: Record<string, unknown>; market: MarketSettings; ms: number }
  | { op: 'errorPage'; file: string; url: string; market: MarketSettings; status: number; ms: number }
  | { op: 'load'; file: string; url: string; market: MarketSettings }
  /** cpu: measure the CPU time spent on it (two system calls; only when someone reads it) */
  | { op: 'region'; file: string; url: string; market: MarketSettings; ms: number; cpu?: boolean }
  /** dataJson: answers in the data as their JSON text (answer-body.ts dataForRenderCall) */
  | { op: 'render'; file: string; url: string; market: MarketSettings; data: Record<string, unknown>; dataJson?: Record<string, string>; ms: number }
  | { op: 'warm'; file: string; market: MarketSettings; ms: number };

/** What the shell's bundle tells the API process once per version. */
export interface ShellInfo {
  CHROME_DATA_ELEMENT_ID: string;
  CHROME_DATA_BY_URL: boolean;
  errorTitle404: string;
}

/** The chrome data of a market and the paths that change the chrome (null: it changes with every URL). */
export interface ChromeOf {
  data: Record<string, unknown>;
  paths: string[] | null;
}

export type Loaded = Awaited<ReturnType<RemoteServerModule['load']>>;

/** An API answer for a loader: its body, or its body's JSON text (parsed in the renderer). */
export type AnswerMessage = Awaited<ReturnType<ServerApi>> | { status: number; json: string };
/** From the API process: an operation, or the answer to one of the renderer's API calls. */
export type ToRenderer = { id: number; request: RendererOp } | { apiReply: number; ok: true; value: AnswerMessage } | { apiReply: number; ok: false; message: string };
/** To the API process: an operation's result, or an API call of a loader. */
export type FromRenderer = { ready: true } | { id: number; ok: true; value: unknown } | { id: number; ok: false; name: string; message: string } | { api: number; id: number; url: string };

/**
 * Closes every way out of this process but its IPC channel (already open): fetch and the other web
 * APIs, sockets of every kind (net, and through it http, https, tls and fetch's own client), UDP,
 * DNS (a lookup carries data too) and Node's internal bindings. The permission model of this Node
 * version does not cover the network, so the modules themselves refuse: they are one object per
 * process, whoever requires them.
 */
function closeNetwork(): void {
  const refuse = (what: string) =>
    function refused(): never {
      throw new Error(`${what}: a server bundle has no network (a loader asks the store through its api)`);
    };
  const seal = (target: object, name: string, what: string) => Object.defineProperty(target, name, { value: refuse(what), writable: false, configurable: false });
  for (const name of ['fetch', 'WebSocket', 'EventSource', 'XMLHttpRequest']) seal(globalThis, name, name);
  for (const name of ['connect', 'createConnection', 'createServer']) seal(net, name, `net.${name}`);
  seal(net.Socket.prototype, 'connect', 'net.Socket#connect');
  seal(net.Server.prototype, 'listen', 'net.Server#listen');
  seal(dgram, 'createSocket', 'dgram.createSocket');
  for (const name of ['lookup', 'resolve', 'resolve4', 'resolve6', 'resolveAny', 'resolveTxt', 'lookupService']) seal(dns, name, `dns.${name}`);
  for (const name of ['lookup', 'resolve', 'resolve4', 'resolve6', 'resolveAny', 'resolveTxt', 'lookupService']) seal(dns.promises, name, `dns.promises.${name}`);
  for (const name of ['binding', '_linkedBinding', 'dlopen']) seal(process, name, `process.${name}`);
}
closeNetwork();

const send = (message: FromRenderer) => process.send?.(message);
let nextCall = 1;
const calls = new Map<number, { resolve: (value: Awaited<ReturnType<ServerApi>>) => void; reject: (error: Error) => void }>();

/** The answer bodies an operation's loader was given, with the URL each answered. */
type Answered = Map<object, string>;
/** The loaders' API: each call answered by the API process (noting the bodies in `answered`). */
const apiFor =
  (id: number, answered?: Answered): ServerApi =>
  (url) =>
    new Promise((resolve, reject) => {
      const call = nextCall++;
      calls.set(call, {
        resolve: ((answer: Awaited<ReturnType<ServerApi>>) => {
          const body = (answer as { body?: unknown }).body;
          if (answered && typeof body === 'object' && body !== null) answered.set(body, url);
          resolve(answer as never);
        }) as never,
        reject,
      });
      send({ api: call, id, url });
    }) as never;

/**
 * A loader's data for the API process: an entry that is an API answer's body as it came (the usual
 * case: data is keyed by the API URL the browser asks) goes back as that URL (`dataFrom`), and the
 * API process puts its own answer there; the rest goes back as it is. The answers, often tens of KB,
 * then cross the IPC channel once instead of twice.
 */
export function byReference(loaded: Loaded, answered: Answered): Loaded & { dataFrom?: Record<string, string> } {
  if (!loaded.data || answered.size === 0) return loaded;
  const data: Record<string, unknown> = {};
  const dataFrom: Record<string, string> = {};
  for (const [key, value] of Object.entries(loaded.data)) {
    const url = typeof value === 'object' && value !== null ? answered.get(value) : undefined;
    if (url === undefined) data[key] = value;
    else dataFrom[key] = url;
  }
  return { ...loaded, data, dataFrom };
}

/** A loader's result as it crosses to the API process: its head made (a function does not cross). */
async function loadOf(remote: RemoteServerModule, id: number, request: { url: string; market: MarketSettings }, answered?: Answered): Promise<Loaded> {
  const loaded = await remote.load({ url: request.url, api: apiFor(id, answered), market: request.market });
  if (typeof loaded?.head !== 'function') return loaded;
  return { ...loaded, head: headOf(loaded) };
}

function remoteOf(file: string): RemoteServerModule {
  const remote = loadServerModule<RemoteServerModule>(file);
  if (!remote || typeof remote.load !== 'function' || typeof remote.render !== 'function') throw new Error(`${file}: the server bundle exports no load and render`);
  return remote;
}

async function run(id: number, request: RendererOp): Promise<unknown> {
  let started = performance.now();
  switch (request.op) {
    case 'shell': {
      const shell = loadServerModule<ShellServerModule>(request.file);
      return { CHROME_DATA_ELEMENT_ID: String(shell.CHROME_DATA_ELEMENT_ID), CHROME_DATA_BY_URL: shell.CHROME_DATA_BY_URL === true, errorTitle404: String(shell.errorTitle(404)) } satisfies ShellInfo;
    }
    case 'shellData': {
      const shell = loadServerModule<ShellServerModule>(request.file);
      const data = await shell.load({ api: apiFor(id) });
      const paths = typeof shell.chromePaths === 'function' ? shell.chromePaths(data) : null;
      return { data, paths: Array.isArray(paths) && paths.every((p) => typeof p === 'string') ? paths : null } satisfies ChromeOf;
    }
    case 'chrome': {
      const shell = loadServerModule<ShellServerModule>(request.file);
      const [header, footer] = await Promise.all([
        renderRoot(shell.renderHeader({ url: request.url, data: request.data, market: request.market }), request.ms),
        renderRoot(shell.renderFooter({ url: request.url, market: request.market }), request.ms),
      ]);
      return { header, footer };
    }
    case 'errorPage':
      return renderRoot(loadServerModule<ShellServerModule>(request.file).renderErrorPage({ url: request.url, status: request.status, market: request.market }), request.ms);
    case 'load':
      return loadOf(remoteOf(request.file), id, request);
    case 'region': {
      // the budget as the edge had it in-process: the loader within it, the render aborted when the
      // rest runs out (a render that blocks finishes; the API process stops waiting for a hung one)
      // and, when asked, the CPU time this process spent on it (the loader's API calls are the API process's)
      const remote = remoteOf(request.file);
      started = performance.now();
      const cpu = request.cpu === true ? process.cpuUsage() : null;
      const cpuMs = () => {
        if (!cpu) return undefined;
        const used = process.cpuUsage(cpu);
        return (used.user + used.system) / 1000;
      };
      const answered: Answered = new Map();
      const loaded = await within(loadOf(remote, id, request, answered), request.ms);
      if (loaded.status === 404) return { loaded: byReference(loaded, answered), cpuMs: cpuMs() };
      const rendered: Rendered = await renderRoot(remote.render({ url: request.url, data: loaded.data, market: request.market }), Math.max(1, request.ms - (performance.now() - started)));
      return { loaded: byReference(loaded, answered), rendered, cpuMs: cpuMs() };
    }
    case 'render':
      return renderRoot(remoteOf(request.file).render({ url: request.url, data: dataFromRenderCall(request.data, request.dataJson), market: request.market }), request.ms);
    case 'warm': {
      // a remote's own warm-up (its render caches), if it has one: true when it ran
      const remote = remoteOf(request.file);
      if (typeof remote.warm !== 'function') return false;
      await within(remote.warm({ api: apiFor(id), market: request.market }), request.ms);
      return true;
    }
  }
}

process.on('message', (message: ToRenderer) => {
  if ('apiReply' in message) {
    const call = calls.get(message.apiReply);
    calls.delete(message.apiReply);
    if (!message.ok) call?.reject(new Error(message.message));
    else if ('json' in message.value) {
      let body: unknown;
      try {
        body = JSON.parse(message.value.json);
      } catch (error) {
        call?.reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      call?.resolve({ status: message.value.status, body } as Awaited<ReturnType<ServerApi>>);
    } else call?.resolve(message.value);
    return;
  }
  run(message.id, message.request).then(
    (value) => {
      try {
        send({ id: message.id, ok: true, value });
      } catch (error) {
        // not cloneable (a function in the data, ...)
        send({ id: message.id, ok: false, name: 'DataCloneError', message: error instanceof Error ? error.message : String(error) });
      }
    },
    (error: unknown) => send({ id: message.id, ok: false, name: error instanceof Error ? error.name : 'Error', message: error instanceof Error ? error.message : String(error) }),
  );
});
send({ ready: true });
// the API process is gone: so is its renderer
process.on('disconnect', () => process.exit(0));
// a bundle's stray rejection must not end the process (the operation that caused it has failed already)
process.on('unhandledRejection', () => {});
