import { useSyncExternalStore } from 'react';

// SPEC §2: the header's user button does nothing while a login request is in progress. The login dialog
// (features/account) raises this flag around its sign-in calls; the shell's user button reads it.

let pending = false;
const listeners = new Set<() => void>();

export function setLoginPending(value: boolean): void {
  if (pending === value) return;
  pending = value;
  for (const listener of listeners) listener();
}

export function isLoginPending(): boolean {
  return pending;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLoginPending(): boolean {
  return useSyncExternalStore(subscribe, isLoginPending, () => false);
}
