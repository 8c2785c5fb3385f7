/**
 * The storefront event bus: named, versioned topics whose payloads are validated at the boundary.
 *
 * This module is shared between the shell and every remote as a Module Federation singleton, so
 * exactly one `bus` exists in the page. Rules every team can rely on:
 * - `publish` validates the payload against the topic's zod/mini schema. An invalid payload, or a
 *   topic whose version conflicts with the one already in use under that name, is reported on
 *   `bus.errors$` (and `console.warn`) and dropped: `publish` returns false and never throws.
 * - Subscribers receive the parsed payload (schema defaults applied, unknown keys stripped). A
 *   subscriber that throws is reported and does not affect other subscribers or the publisher.
 * - State topics replay their latest value to late subscribers; event topics do not replay.
 *
 * Keep this file dependency-light: only `zod/mini` (never the classic `zod` entry) and a few
 * rxjs primitives, because it is on every first page load.
 */
import { Observable, Subject, map } from 'rxjs';
import type * as z from 'zod/mini';

export type TopicKind = 'state' | 'event';

/** Any zod/mini (or zod core) schema. */
export type TopicSchema = z.core.$ZodType;

export interface Topic<
  N extends string = string,
  S extends TopicSchema = TopicSchema,
  K extends TopicKind = TopicKind,
> {
  readonly name: N;
  readonly version: number;
  readonly kind: K;
  readonly schema: S;
}

/** A topic whose latest value is replayed to late subscribers. */
export type StateTopic<S extends TopicSchema = TopicSchema, N extends string = string> = Topic<N, S, 'state'>;
/** A topic that only reaches the subscribers present when it is published. */
export type EventTopic<S extends TopicSchema = TopicSchema, N extends string = string> = Topic<N, S, 'event'>;

/** What subscribers receive (after parsing: defaults applied). */
export type PayloadOf<T extends Topic> = z.output<T['schema']>;
/** What publishers may pass (before parsing: defaulted fields optional). */
export type InputOf<T extends Topic> = z.input<T['schema']>;

export function defineTopic<const N extends string, S extends TopicSchema, const K extends TopicKind>(def: {
  name: N;
  version: number;
  kind: K;
  schema: S;
}): Topic<N, S, K> {
  if (!def.name) throw new Error('defineTopic: name is required');
  if (!Number.isInteger(def.version) || def.version < 1) {
    throw new Error(`defineTopic(${def.name}): version must be an integer >= 1`);
  }
  return Object.freeze({ name: def.name, version: def.version, kind: def.kind, schema: def.schema });
}

export interface Envelope<P = unknown> {
  readonly topic: string;
  readonly version: number;
  readonly payload: P;
  readonly source: string | undefined;
  /** Epoch milliseconds at publish time. */
  readonly at: number;
}

export interface PayloadIssue {
  readonly code: string;
  readonly path: readonly (string | number)[];
  readonly message: string;
}

interface ErrorBase {
  readonly topic: string;
  /** The version of the topic object used by the caller. */
  readonly version: number;
  readonly source: string | undefined;
  readonly message: string;
}

export type BusError =
  | (ErrorBase & { readonly kind: 'invalid-payload'; readonly issues: readonly PayloadIssue[] })
  | (ErrorBase & { readonly kind: 'subscriber-error'; readonly error: unknown })
  | (ErrorBase & {
      readonly kind: 'version-mismatch';
      /** Version (and kind) already registered on this bus under the topic's name. */
      readonly registered: { readonly version: number; readonly kind: TopicKind };
    });

export interface PublishOptions {
  /** Who published (a remote or module name), carried in the envelope and in error reports. */
  source?: string;
}

export type Unsubscribe = () => void;

export interface Bus {
  /** Validate and deliver. Returns false (and reports) when the message was dropped. */
  publish<T extends Topic>(topic: T, payload: InputOf<T>, options?: PublishOptions): boolean;
  /** Handler gets each payload (state topics: the latest one first, if any). */
  subscribe<T extends Topic>(topic: T, handler: (payload: PayloadOf<T>) => void): Unsubscribe;
  /** Like subscribe, with the whole envelope. */
  subscribeEnvelope<T extends Topic>(topic: T, handler: (envelope: Envelope<PayloadOf<T>>) => void): Unsubscribe;
  /** Payloads as an Observable (state topics replay the latest one). */
  observe<T extends Topic>(topic: T): Observable<PayloadOf<T>>;
  /** Latest payload of a state topic, or undefined. */
  latest<T extends StateTopic>(topic: T): PayloadOf<T> | undefined;
  /** Everything that went wrong: invalid payloads, throwing subscribers, version conflicts. */
  readonly errors$: Observable<BusError>;
}

export interface BusOptions {
  /** Where reports are logged besides `errors$`. Defaults to `console.warn`. */
  warn?: (message: string, error: BusError) => void;
}

interface Channel {
  readonly name: string;
  readonly version: number;
  readonly kind: TopicKind;
  readonly subject: Subject<Envelope>;
  latest: Envelope | undefined;
}

const noop: Unsubscribe = () => {};

type StandardIssue = { readonly message: string; readonly path?: readonly unknown[] | undefined; readonly code?: unknown };

/** Plain, serialisable issues (zod/mini loads no locale, so `code` and `path` carry the detail). */
function toIssues(issues: readonly StandardIssue[]): PayloadIssue[] {
  return issues.map((i) => ({
    code: typeof i.code === 'string' ? i.code : 'custom',
    path: (i.path ?? []).map((p) => {
      const key = typeof p === 'object' && p !== null && 'key' in p ? (p as { key: unknown }).key : p;
      return typeof key === 'number' ? key : String(key);
    }),
    message: i.message,
  }));
}

export function createBus(options: BusOptions = {}): Bus {
  const warn = options.warn ?? ((message, error) => console.warn(message, error));
  const channels = new Map<string, Channel>();
  const errors = new Subject<BusError>();

  const report = (error: BusError): void => {
    try {
      warn(`[bus] ${error.kind} on ${error.topic}@${error.version}: ${error.message}`, error);
    } catch {
      // a broken logger must not break the bus
    }
    errors.next(error);
  };

  /** The topic's channel, created on first use; undefined (after reporting) on a version conflict. */
  const channelFor = (topic: Topic, source: string | undefined): Channel | undefined => {
    const existing = channels.get(topic.name);
    if (!existing) {
      const created: Channel = {
        name: topic.name,
        version: topic.version,
        kind: topic.kind,
        subject: new Subject<Envelope>(),
        latest: undefined,
      };
      channels.set(topic.name, created);
      return created;
    }
    if (existing.version !== topic.version || existing.kind !== topic.kind) {
      report({
        kind: 'version-mismatch',
        topic: topic.name,
        version: topic.version,
        source,
        registered: { version: existing.version, kind: existing.kind },
        message: `used as v${topic.version} (${topic.kind}) but v${existing.version} (${existing.kind}) is registered; dropped`,
      });
      return undefined;
    }
    return existing;
  };

  /** State topics: latest envelope first, then live ones. Event topics: live only. */
  const envelopes = (channel: Channel): Observable<Envelope> =>
    new Observable<Envelope>((subscriber) => {
      if (channel.kind === 'state' && channel.latest) subscriber.next(channel.latest);
      return channel.subject.subscribe(subscriber);
    });

  const subscribeEnvelope = <T extends Topic>(
    topic: T,
    handler: (envelope: Envelope<PayloadOf<T>>) => void,
  ): Unsubscribe => {
    const channel = channelFor(topic, undefined);
    if (!channel) return noop;
    const subscription = envelopes(channel).subscribe((envelope) => {
      try {
        handler(envelope as Envelope<PayloadOf<T>>);
      } catch (error) {
        report({
          kind: 'subscriber-error',
          topic: envelope.topic,
          version: envelope.version,
          source: envelope.source,
          error,
          message: `a subscriber threw: ${error instanceof Error ? error.message : String(error)}`,
        });
      }
    });
    return () => subscription.unsubscribe();
  };

  return {
    publish(topic, payload, publishOptions = {}) {
      const source = publishOptions.source;
      const channel = channelFor(topic, source);
      if (!channel) return false;
      const result = topic.schema['~standard'].validate(payload);
      if (result instanceof Promise) {
        report({
          kind: 'invalid-payload',
          topic: topic.name,
          version: topic.version,
          source,
          issues: [],
          message: 'the schema is asynchronous; bus schemas must validate synchronously; dropped',
        });
        return false;
      }
      if (result.issues) {
        const issues = toIssues(result.issues);
        report({
          kind: 'invalid-payload',
          topic: topic.name,
          version: topic.version,
          source,
          issues,
          message: `invalid payload (${issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.code}`).join(', ')}); dropped`,
        });
        return false;
      }
      const envelope: Envelope = { topic: topic.name, version: topic.version, payload: result.value, source, at: Date.now() };
      if (channel.kind === 'state') channel.latest = envelope;
      channel.subject.next(envelope);
      return true;
    },

    subscribe(topic, handler) {
      return subscribeEnvelope(topic, (envelope) => handler(envelope.payload));
    },

    subscribeEnvelope,

    observe<T extends Topic>(topic: T): Observable<PayloadOf<T>> {
      return new Observable<PayloadOf<T>>((subscriber) => {
        const channel = channelFor(topic, undefined);
        if (!channel) return undefined;
        return envelopes(channel)
          .pipe(map((envelope) => envelope.payload as PayloadOf<T>))
          .subscribe(subscriber);
      });
    },

    latest<T extends StateTopic>(topic: T): PayloadOf<T> | undefined {
      const channel = channels.get(topic.name);
      if (!channel || channel.version !== topic.version || channel.kind !== 'state') return undefined;
      return channel.latest?.payload as PayloadOf<T> | undefined;
    },

    errors$: errors.asObservable(),
  };
}

declare global {
  var __STORE_BUS_LOADS__: number | undefined;
  var __STORE_BUS__: Bus | undefined;
}

/** The page's bus. One copy per page: the package is a federation singleton. */
export const bus: Bus = createBus();

// Evidence for end-to-end tests that exactly one copy of this module runs in the page.
globalThis.__STORE_BUS_LOADS__ = (globalThis.__STORE_BUS_LOADS__ ?? 0) + 1;
if (!globalThis.__STORE_BUS__) globalThis.__STORE_BUS__ = bus;
