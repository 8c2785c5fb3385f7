/**
 * React bindings for the bus (entry `@store/shared-events/react`; react is an optional peer, so
 * the main entry stays usable from the framework-free shell root config).
 *
 * The bus is imported through the package name, not `./bus`: under Module Federation both
 * `@store/shared-events` and `@store/shared-events/react` are shared singletons, and a relative
 * import would let this entry carry (and evaluate) its own copy of the bus.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { bus as defaultBus } from '@store/shared-events';
import type { Bus, InputOf, PayloadOf, PublishOptions, StateTopic, Topic } from './bus';

const getServerSnapshot = () => undefined;

/** Latest payload of a state topic (undefined until one is published); re-renders on change. */
export function useTopic<T extends StateTopic>(topic: T, bus: Bus = defaultBus): PayloadOf<T> | undefined {
  const subscribe = useCallback((onChange: () => void) => bus.subscribe(topic, () => onChange()), [bus, topic]);
  const getSnapshot = () => bus.latest(topic);
  // Server render and hydration: nothing yet (browser state fills in after hydration, no mismatch).
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

export type Publish = <T extends Topic>(topic: T, payload: InputOf<T>, options?: PublishOptions) => boolean;

/** A stable publish function (validates like `bus.publish`, returns false when dropped). */
export function usePublish(bus: Bus = defaultBus): Publish {
  return useCallback<Publish>((topic, payload, options) => bus.publish(topic, payload, options), [bus]);
}
