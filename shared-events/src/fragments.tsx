// Fragments: a module exposed by another remote, loaded at run time through the one federation
// runtime and rendered in place, with a fallback when it cannot be had.
import React, { useEffect, type ComponentType } from 'react';
// Through the package name, not relative paths: see react.ts (one bus per page).
import { bus, topics } from '@store/shared-events';
/** Loads an exposed module ("remote/./Module" ids as the federation runtime takes them). */
export type ModuleLoader = (id: string) => Promise<unknown>;

let moduleLoader: ModuleLoader | null = null;
const loaded = new Map<string, Promise<unknown>>();

/**
 * The shell registers the federation runtime's `loadRemote` here at start-up (shared-events is a
 * page-wide singleton), so remotes load each other's fragments without bundling the runtime.
 */
export function setModuleLoader(loader: ModuleLoader | null): void {
  moduleLoader = loader;
  loaded.clear();
}

export class FragmentLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FragmentLoadError';
  }
}

/**
 * Load `module` (e.g. "./CartDrawer") exposed by `remote` (e.g. "cart_checkout"), with a timeout.
 * A success is cached for the page; a failure is reported on the bus (remote.failed) and not
 * cached, so the next attempt tries again.
 */
export function loadExposed<T = unknown>(remote: string, module: string, { timeoutMs = 5000 }: { timeoutMs?: number } = {}): Promise<T> {
  const id = `${remote}/${module.replace(/^\.\//, '')}`;
  const cached = loaded.get(id);
  if (cached) return cached as Promise<T>;
  const attempt = new Promise<unknown>((resolve, reject) => {
    if (!moduleLoader) {
      reject(new FragmentLoadError(`No module loader registered (is the shell running?) for ${id}`));
      return;
    }
    const timer = setTimeout(() => reject(new FragmentLoadError(`Loading ${id} took longer than ${timeoutMs} ms`)), timeoutMs);
    moduleLoader(id).then(
      (value) => {
        clearTimeout(timer);
        if (value === undefined || value === null) reject(new FragmentLoadError(`${id} was not found`));
        else resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new FragmentLoadError(String(error)));
      },
    );
  });
  loaded.set(id, attempt);
  attempt.catch((error: unknown) => {
    loaded.delete(id);
    const timeout = error instanceof FragmentLoadError && /longer than/.test(error.message);
    bus.publish(
      topics.remoteFailed,
      { remote, reason: timeout ? 'load-timeout' : 'load-error', message: `${id}: ${String((error as Error)?.message ?? error)}`.slice(0, 500) },
      { source: 'fragment' },
    );
  });
  return attempt as Promise<T>;
}

interface FragmentBoundaryProps {
  remote: string;
  fallback: React.ReactNode;
  children: React.ReactNode;
}

class FragmentBoundary extends React.Component<FragmentBoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override componentDidCatch(error: Error): void {
    bus.publish(topics.remoteFailed, { remote: this.props.remote, reason: 'render-error', message: String(error?.message ?? error).slice(0, 500) }, { source: 'fragment' });
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export interface RemoteFragmentProps<P> {
  /** Federation name of the remote that exposes the fragment. */
  remote: string;
  /** Exposed module, e.g. "./CartDrawer"; its default export is a React component. */
  module: string;
  props?: P;
  /** Shown when the fragment cannot be loaded or throws while rendering. */
  fallback: React.ReactNode;
  /** Shown while loading (default: nothing). */
  loading?: React.ReactNode;
  timeoutMs?: number;
}

type Loaded<P> = { id: string } & ({ status: 'ready'; Component: ComponentType<P> } | { status: 'failed' });

/**
 * Another remote's React component, loaded at run time through the federation runtime, with a
 * timeout, a fallback and an error boundary. Cross-remote UI without build-time imports.
 */
export function RemoteFragment<P extends object>({ remote, module, props, fallback, loading = null, timeoutMs }: RemoteFragmentProps<P>) {
  const id = `${remote}/${module}`;
  const [state, setState] = React.useState<Loaded<P> | null>(null);
  useEffect(() => {
    let live = true;
    loadExposed<{ default?: ComponentType<P> } | ComponentType<P>>(remote, module, { timeoutMs }).then(
      (value) => {
        const Component = (typeof value === 'function' ? value : value.default) as ComponentType<P> | undefined;
        if (live) setState(typeof Component === 'function' ? { id, status: 'ready', Component } : { id, status: 'failed' });
      },
      () => {
        if (live) setState({ id, status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [id, remote, module, timeoutMs]);
  if (!state || state.id !== id) return <>{loading}</>;
  if (state.status === 'failed') return <>{fallback}</>;
  return (
    <FragmentBoundary key={id} remote={remote} fallback={fallback}>
      {React.createElement(state.Component, (props ?? {}) as P)}
    </FragmentBoundary>
  );
}
