/**
 * One way for a page to load data in the browser, with one status vocabulary:
 *
 *   const order = useLoad(`order:${number}`, (signal) => api.get('/api/orders/{number}', { params, signal }));
 *   order.status  'loading' | 'ready' | 'error'
 *   order.data    the answer when ready; order.error what the load rejected with (an ApiError: isNotFound…)
 *   order.reload() loads again (shown as loading meanwhile); order.setData(d) shows an answer the page got otherwise (a save's)
 *   order.previous while loading: the answer loaded (or set) before, for a page that keeps it on screen meanwhile
 *
 * - `key` names what is loaded (e.g. the API URL): a new key loads again, and the answer of an earlier
 *   key is never shown for it; null: nothing to load (no request; status stays 'loading').
 * - `initialData`: the answer the page already has for this key (the server render's route data):
 *   the first render is ready with it and nothing is fetched, so hydration renders the server's HTML.
 * - The load gets an AbortSignal, aborted when the key changes or the page unmounts (its answer is
 *   then dropped), and the attempt (0, then 1, 2… after each reload).
 */
import { useCallback, useEffect, useState } from 'react';

export type LoadStatus = 'loading' | 'ready' | 'error';

export type LoadState<T> = { status: 'loading'; data?: undefined; error?: undefined } | { status: 'ready'; data: T; error?: undefined } | { status: 'error'; data?: undefined; error: unknown };

export type Load<T> = LoadState<T> & {
  /** Loads the key again. */
  reload(): void;
  /** Shows `data` as the answer for the current key (e.g. what a save answered). */
  setData(data: T): void;
  /** While loading: the answer loaded or set before (for the earlier key or attempt), if there was one; else undefined. */
  previous: T | undefined;
};

export type Loader<T> = (signal: AbortSignal, attempt: number) => Promise<T>;

const LOADING = { status: 'loading' } as const;

export function useLoad<T>(key: string | null, load: Loader<T>, options: { initialData?: T } = {}): Load<T> {
  const [attempt, setAttempt] = useState(0);
  const current = `${attempt}\n${key ?? ''}`;
  const [state, setState] = useState<{ key: string; value: LoadState<T> } | null>(null);
  const { initialData } = options;
  const value: LoadState<T> | null = state?.key === current ? state.value : attempt === 0 && key !== null && initialData !== undefined ? { status: 'ready', data: initialData } : null;
  // the answer for this key is here (loaded, or given): nothing to load
  const have = value !== null;
  useEffect(() => {
    if (key === null || have) return undefined;
    const controller = new AbortController();
    // the load of the render that asked for this key (a new key or attempt runs a new effect)
    load(controller.signal, attempt).then(
      (data) => {
        if (!controller.signal.aborted) setState({ key: current, value: { status: 'ready', data } });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ key: current, value: { status: 'error', error } });
      },
    );
    return () => controller.abort();
    // `load` is a new function on every render: the key says when to load again
  }, [key, attempt, current, have]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const setData = useCallback((data: T) => setState({ key: current, value: { status: 'ready', data } }), [current]);
  const previous = value === null && state?.value.status === 'ready' ? state.value.data : undefined;
  return { ...(value ?? LOADING), reload, setData, previous };
}
