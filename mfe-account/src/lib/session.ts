import { session, type SessionState } from '@store/shared-events';
import { useEffect, useState } from 'react';
import type { SyncedState } from '@store/shared-events';

export function useSessionState(): SessionState {
  const [state, setState] = useState(session.getState());
  useEffect(() => {
    const subscription = session.state$.subscribe(setState);
    return () => subscription.unsubscribe();
  }, []);
  return state;
}

export function useSyncedState(): SyncedState {
  const [state, setState] = useState(session.synced.getState());
  useEffect(() => {
    const subscription = session.synced.state$.subscribe(setState);
    return () => subscription.unsubscribe();
  }, []);
  return state;
}
