/**
 * The renderer processes (renderer.ts): a small pool the edge sends its server renders to, so the
 * remotes' server code never runs in the API process. Each renderer is forked with an empty
 * environment and Node's permission model: it may read its own script and the deploy folder's
 * cdn/ (the server bundles), and start neither child processes nor workers. A loader's API calls
 * come back over IPC and are answered with the edge's in-process API.
 *
 * A call the edge has waited for long enough fails (the page falls back to the browser; the
 * renderer keeps the render budget itself); a renderer still busy with it `hangMs` after it
 * started is killed, and a renderer that exits (a
 * bundle calling process.exit, a crash) fails its calls. Either way a new one is started for the
 * next call.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerApi } from '@store/contracts/ssr';
import type { FastifyBaseLogger } from 'fastify';
import { AnswerBody } from './answer-body';
import { RenderTimeoutError } from './render';
import type { FromRenderer, RendererOp, ToRenderer } from './renderer';

export class RendererError extends Error {
  constructor(message: string, name = 'RendererError') {
    super(message);
    this.name = name;
  }
}

export interface RendererPoolOptions {
  /** how many renderer processes (SSR_RENDERERS) */
  size: number;
  deployDir: string;
  /** the renderer's script: a built renderer.cjs, or renderer.ts (bundled with esbuild on first use) */
  script: string;
  /** a renderer still busy with a call this long after it started is killed (ms) */
  hangMs: number;
  log?: FastifyBaseLogger;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  api: ServerApi;
  timer: NodeJS.Timeout;
  hang: NodeJS.Timeout;
  overdue: boolean;
}

class Renderer {
  readonly pending = new Map<number, Pending>();
  /** calls this renderer was picked for that are not pending yet (picks made at the same moment see each other) */
  reserved = 0;
  get load(): number {
    return this.pending.size + this.reserved;
  }
  /** the bundles this renderer has loaded and run */
  readonly warm = new Set<string>();
  exited = false;
  /** resolved once the renderer has started (its first message) */
  readonly ready: Promise<void>;
  started!: () => void;
  constructor(readonly child: ChildProcess) {
    this.ready = new Promise((resolve) => {
      this.started = resolve;
    });
  }
  /** busy with a call past its budget: maybe hung */
  get suspect(): boolean {
    for (const call of this.pending.values()) if (call.overdue) return true;
    return false;
  }
}

/** The default pool size: a renderer per core, at most two. */
export const defaultRenderers = () => Math.max(1, Math.min(2, os.availableParallelism()));

/**
 * The time a renderer gets for a bundle it has not run yet, when that is more than the call's: the
 * first call compiles the bundle and its code paths (a few hundred ms), which the budget is not
 * meant to cut (a new release, a replaced renderer).
 */
export const COLD_BUNDLE_MS = 2000;

/** After a renderer exits before it is ready, renders fail at once for this long instead of starting one per page. */
const START_PAUSE_MS = 5000;

let built: Promise<string> | null = null;
/** renderer.ts bundled into one CommonJS file (development and tests; production builds it in build.mjs). */
export function bundled(source: string): Promise<string> {
  built ??= (async () => {
    const { build } = await import('esbuild');
    const outfile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'store-renderer-')), 'renderer.cjs');
    await build({ entryPoints: [source], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node20', jsx: 'automatic', define: { 'process.env.NODE_ENV': '"production"' }, logLevel: 'error' });
    return outfile;
  })();
  return built;
}

export class RendererPool {
  private readonly slots: (Renderer | null)[];
  private nextId = 1;
  private closed = false;
  private script: Promise<string> | null = null;
  /** renderers started (the first of each slot included) */
  started = 0;
  /** until when no renderer is started: the last one exited before it was ready (a broken script or flags) */
  private pausedUntil = 0;

  constructor(private readonly options: RendererPoolOptions) {
    this.slots = Array.from({ length: Math.max(1, options.size) }, () => null);
  }

  private scriptFile(): Promise<string> {
    this.script ??= this.options.script.endsWith('.ts') ? bundled(this.options.script) : Promise.resolve(this.options.script);
    return this.script;
  }

  private spawn(script: string, slot: number): Renderer {
    const cdn = path.join(path.resolve(this.options.deployDir), 'cdn');
    const child = fork(script, [], {
      // no secrets: nothing of the API's environment
      env: { NODE_ENV: 'production' },
      // the old generation grows by at most 25% between major collections: a renderer's live heap is
      // small, and the compiled code of the versions it drops (modules.ts) is collected before it
      // adds up (at 50%: 60-75 MB more RSS after 50 releases in some bench runs)
      execArgv: ['--experimental-permission', `--allow-fs-read=${path.resolve(script)}`, `--allow-fs-read=${cdn}${path.sep}*`, '--disable-warning=ExperimentalWarning', '--max-old-space-size=256', '--heap-growing-percent=25'],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.started += 1;
    const renderer = new Renderer(child);
    const gone = (why: string) => {
      if (renderer.exited) return;
      renderer.exited = true;
      if (this.slots[slot] === renderer) this.slots[slot] = null;
      for (const [id, call] of renderer.pending) {
        clearTimeout(call.timer);
        clearTimeout(call.hang);
        call.reject(new RendererError(`the renderer ${why}`, 'RendererExitError'));
        renderer.pending.delete(id);
      }
    };
    let ready = false;
    void renderer.ready.then(() => {
      ready = !renderer.exited;
    });
    child.on('exit', (code, signal) => {
      if (!ready) this.pausedUntil = Date.now() + START_PAUSE_MS;
      if (!this.closed) this.options.log?.warn({ code, signal, ready }, ready ? 'a server renderer exited: starting another for the next render' : `a server renderer exited as it started: none is started for ${START_PAUSE_MS} ms`);
      gone(`exited (${signal ?? code})`);
      renderer.started();
    });
    child.on('error', (error) => {
      this.options.log?.error({ err: error }, 'server renderer error');
      child.kill('SIGKILL');
      gone('failed');
    });
    child.on('message', (message: FromRenderer) => {
      if ('ready' in message) return renderer.started();
      if ('api' in message) {
        const call = renderer.pending.get(message.id);
        const reply = (answer: ToRenderer) => {
          if (!renderer.exited && child.connected) child.send(answer);
        };
        if (!call) return reply({ apiReply: message.api, ok: false, message: 'the render is over' });
        // (the URL the loader's typed call named)
        (call.api as unknown as (url: string) => ReturnType<ServerApi>)(message.url).then(
          // an answer kept as its JSON text (the catalogue's listing and product) goes as that text
          (value) => reply({ apiReply: message.api, ok: true, value: value.body instanceof AnswerBody ? { status: value.status, json: value.body.json } : value }),
          (error: unknown) => reply({ apiReply: message.api, ok: false, message: error instanceof Error ? error.message : String(error) }),
        );
        return;
      }
      const call = renderer.pending.get(message.id);
      if (!call) return;
      renderer.pending.delete(message.id);
      clearTimeout(call.timer);
      clearTimeout(call.hang);
      if (message.ok) call.resolve(message.value);
      else call.reject(new RendererError(message.message, message.name));
    });
    // the pool does not keep the API process alive by itself
    child.unref();
    (child.channel as { unref?: () => void } | undefined)?.unref?.();
    return renderer;
  }

  /** Every slot's renderer, a new one started in each free slot. */
  private async renderers(): Promise<Renderer[]> {
    const script = await this.scriptFile();
    if (this.closed) throw new RendererError('the renderers are closed');
    if (Date.now() < this.pausedUntil) throw new RendererError('no renderer: the last one exited as it started');
    return this.slots.map((renderer, slot) => renderer ?? (this.slots[slot] = this.spawn(script, slot)));
  }

  /** Starts a renderer in each free slot (`started` then counts them). */
  async startAll(): Promise<void> {
    await this.renderers();
  }

  /** The renderer for the next call, reserved for it: the least busy that is not suspected of hanging. */
  private async pick(): Promise<Renderer> {
    let best: Renderer | null = null;
    for (const renderer of await this.renderers()) {
      if (!best || (best.suspect && !renderer.suspect) || (best.suspect === renderer.suspect && renderer.load < best.load)) best = renderer;
    }
    best!.reserved += 1;
    return best!;
  }

  /**
   * Runs an operation in a renderer; rejects after `ms` (RenderTimeoutError) or when the renderer
   * fails. The time runs from when the renderer is ready: a new renderer's start (the first
   * render after a crash, tens of ms) is not counted.
   */
  async call<T>(request: RendererOp, ms: number, api: ServerApi = () => Promise.reject(new Error('no API for this operation'))): Promise<T> {
    const renderer = await this.pick();
    return this.callOn<T>(renderer, request, ms, api, true);
  }

  /** Runs an operation in every renderer (started if need be): each one's outcome. */
  async callEach<T>(request: RendererOp, ms: number, api: ServerApi): Promise<PromiseSettledResult<T>[]> {
    const renderers = (await this.renderers()).filter((renderer) => !renderer.exited);
    return Promise.allSettled(renderers.map((renderer) => this.callOn<T>(renderer, request, ms, api)));
  }

  private async callOn<T>(renderer: Renderer, request: RendererOp, ms: number, api: ServerApi, reserved = false): Promise<T> {
    try {
      await renderer.ready;
    } finally {
      if (reserved) renderer.reserved -= 1;
    }
    if (renderer.exited) throw new RendererError('the renderer exited as it started', 'RendererExitError');
    const started = performance.now();
    const id = this.nextId++;
    const cold = !renderer.warm.has(request.file);
    const allowed = cold ? Math.max(ms, COLD_BUNDLE_MS) : ms;
    return new Promise<T>((resolve, reject) => {
      const left = Math.max(1, allowed - (performance.now() - started));
      const call: Pending = {
        resolve: (value: unknown) => {
          renderer.warm.add(request.file);
          resolve(value as T);
        },
        reject,
        api,
        overdue: false,
        timer: setTimeout(() => {
          call.overdue = true;
          // kept until it answers or the renderer is killed as hung
          call.resolve = () => {};
          call.reject = () => {};
          reject(new RenderTimeoutError(allowed));
        }, left),
        hang: setTimeout(() => {
          this.options.log?.warn({ op: request.op, ms: this.options.hangMs }, 'a server renderer is hung: killing it');
          renderer.child.kill('SIGKILL');
        }, Math.max(left, this.options.hangMs)),
      };
      call.timer.unref();
      call.hang.unref();
      renderer.pending.set(id, call);
      try {
        // the renderer's own limit (its render's abort) is the same
        renderer.child.send({ id, request: 'ms' in request && cold ? { ...request, ms: allowed } : request } satisfies ToRenderer);
      } catch (error) {
        renderer.pending.delete(id);
        clearTimeout(call.timer);
        clearTimeout(call.hang);
        reject(error instanceof Error ? error : new RendererError(String(error)));
      }
    });
  }

  /** Stops every renderer. */
  close(): void {
    this.closed = true;
    for (const renderer of this.slots) renderer?.child.kill('SIGKILL');
    this.slots.fill(null);
  }
}
