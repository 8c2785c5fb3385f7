/**
 * Several API processes on one machine (API_PROCESSES > 1, PostgreSQL only): the process started
 * is a supervisor that forks that many workers of the same server and does nothing else. The
 * workers share the listening ports (node:cluster hands each new connection to the next worker)
 * and nothing but the database, like processes on separate machines.
 *
 * - The first worker starts alone (it migrates and seeds an empty database); the others start
 *   once it listens.
 * - A worker that dies is started again after a second; five deaths within a minute stop the
 *   supervisor (exit 1), since the store would only crash in a loop.
 * - SIGTERM or SIGINT: every worker gets SIGTERM and drains as a single process does (readiness
 *   503, requests in flight finished); the supervisor exits when they have, 0 if they all did.
 * - `/metrics` from any worker answers the sum over the workers (prom-client's cluster
 *   aggregation; the worker asks the supervisor, which asks every worker).
 */
import cluster, { type Worker } from 'node:cluster';
import client from 'prom-client';

/** The message a worker sends for the workers' metrics, and the supervisor's answer. */
const METRICS = 'store:cluster-metrics';
const RESTART_DELAY_MS = 1000;
const CRASH_WINDOW_MS = 60_000;
const CRASHES_TOLERATED = 5;

type MetricsMessage = { type: typeof METRICS; id: number; text?: string; error?: string };
const isMetricsMessage = (message: unknown): message is MetricsMessage => typeof message === 'object' && message !== null && (message as { type?: unknown }).type === METRICS;

/** Runs the supervisor; never returns (it exits the process when the workers are gone). */
export function supervise(count: number, log: (message: string) => void): Promise<never> {
  const aggregator = new client.AggregatorRegistry();
  const crashes: number[] = [];
  let stopping = false;

  const fork = (): Promise<Worker> =>
    new Promise((resolve) => {
      const worker = cluster.fork();
      worker.on('message', (message: unknown) => {
        if (!isMetricsMessage(message)) return;
        aggregator.clusterMetrics().then(
          (text) => worker.isConnected() && worker.send({ type: METRICS, id: message.id, text }),
          (error: unknown) => worker.isConnected() && worker.send({ type: METRICS, id: message.id, error: String(error) }),
        );
      });
      // the first port it listens on comes after its migrations and seed
      worker.once('listening', () => resolve(worker));
      worker.once('exit', () => resolve(worker));
    });

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    log(`${signal}: stopping ${workers.length} worker(s)`);
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker.process.kill('SIGTERM');
  };
  let failed = false;
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      // a worker that did not drain cleanly when told to stop
      if (code !== 0) failed = true;
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log(`workers stopped${failed ? ' (not all cleanly)' : ''}`);
        process.exit(failed ? 1 : 0);
      }
      return;
    }
    const now = Date.now();
    crashes.push(now);
    while (crashes.length > 0 && crashes[0]! < now - CRASH_WINDOW_MS) crashes.shift();
    if (crashes.length >= CRASHES_TOLERATED) {
      log(`worker ${worker.process.pid} exited (${signal ?? code}); ${crashes.length} exits within a minute: stopping`);
      failed = true;
      stop('crash loop');
      return;
    }
    log(`worker ${worker.process.pid} exited (${signal ?? code}); starting another in ${RESTART_DELAY_MS / 1000} s`);
    setTimeout(() => {
      if (!stopping) void fork();
    }, RESTART_DELAY_MS);
  });
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  return (async () => {
    log(`supervisor ${process.pid}: starting ${count} workers`);
    await fork();
    await Promise.all(Array.from({ length: count - 1 }, () => fork()));
    return new Promise<never>(() => {});
  })();
}

let nextRequest = 0;
/**
 * In a worker: the metrics of all the workers, from the supervisor (null outside a cluster, or when
 * the supervisor does not answer within 5 s).
 */
export function workersMetrics(): Promise<string | null> {
  if (!cluster.isWorker || !process.send) return Promise.resolve(null);
  const id = (nextRequest += 1);
  return new Promise((resolve) => {
    const timer = setTimeout(() => done(null), 5000);
    const onMessage = (message: unknown) => {
      if (isMetricsMessage(message) && message.id === id) done(message.text ?? null);
    };
    const done = (text: string | null) => {
      clearTimeout(timer);
      process.off('message', onMessage);
      resolve(text);
    };
    process.on('message', onMessage);
    process.send!({ type: METRICS, id });
  });
}

/** In a worker, a registry the supervisor's aggregation reads (no-op elsewhere). */
export function shareWithSupervisor(registry: client.Registry): void {
  if (!cluster.isWorker) return;
  client.AggregatorRegistry.setRegistries([registry]);
  // creating one is what makes prom-client answer the supervisor's requests in this process
  new client.AggregatorRegistry();
}
