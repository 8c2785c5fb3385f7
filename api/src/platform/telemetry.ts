/**
 * OpenTelemetry tracing, off unless configured: with OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (a full URL)
 * or OTEL_EXPORTER_OTLP_ENDPOINT (a base URL; `/v1/traces` is added) set, every Fastify instance
 * created afterwards is traced by @fastify/otel (a span per request named by its route, and spans
 * for its hooks; health checks and /metrics left out), exported over OTLP/HTTP in batches. The
 * service is named by OTEL_SERVICE_NAME. OTEL_SDK_DISABLED=true turns it off again. Without an
 * endpoint nothing is loaded. server.ts starts it before building the app and shuts it down
 * (flushing the last spans) when the process stops.
 */
export interface Telemetry {
  /** Where spans are sent. */
  url: string;
  /** Stops tracing new Fastify instances and flushes the spans not sent yet. */
  shutdown(): Promise<void>;
}

export function tracesUrl(env: NodeJS.ProcessEnv): string | null {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return null;
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (traces) return traces;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  return base ? `${base.replace(/\/+$/, '')}/v1/traces` : null;
}

export async function startTelemetry(env: NodeJS.ProcessEnv): Promise<Telemetry | null> {
  const url = tracesUrl(env);
  if (!url) return null;
  if (!/^https?:\/\//.test(url)) throw new Error(`OTEL_EXPORTER_OTLP_ENDPOINT / OTEL_EXPORTER_OTLP_TRACES_ENDPOINT must be an http(s) URL (got "${url}")`);
  const [{ NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { FastifyOtelInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@fastify/otel'),
  ]);
  const provider = new NodeTracerProvider({ spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url }))] });
  provider.register();
  const instrumentation = new FastifyOtelInstrumentation({
    registerOnInitialization: true,
    ignorePaths: ({ url: route }) => route.startsWith('/api/health') || route === '/metrics',
  });
  instrumentation.setTracerProvider(provider);
  instrumentation.enable();
  return {
    url,
    async shutdown() {
      instrumentation.disable();
      await provider.shutdown();
    },
  };
}
