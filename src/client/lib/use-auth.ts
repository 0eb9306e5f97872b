import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CurrentUser } from '../../shared/auth.schema';
import { useTRPC, type Trpc } from '../trpc';

export interface AuthState {
  user: CurrentUser | null;
  /** True until the first answer of `auth.me`. */
  isLoading: boolean;
  /** True only when the current-user call returned a user. */
  isAuthenticated: boolean;
  isAdmin: boolean;
}

/** Who is signed in (null for a visitor). */
export const currentUserQuery = (trpc: Trpc) => trpc.auth.me.queryOptions();

export function useAuth(): AuthState {
  const me = useQuery(currentUserQuery(useTRPC()));
  const user = me.data ?? null;
  return { user, isLoading: me.isPending, isAuthenticated: user !== null, isAdmin: user?.role === 'admin' };
}

/** Re-reads `auth.me` (after login, password change, ...). */
export function useRefreshAuth() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() }), [queryClient, trpc]);
}

export function displayFirstName(user: Pick<CurrentUser, 'firstName'> | null | undefined): string {
  return user?.firstName?.trim() || 'Member';
}

export function fullName(user: Pick<CurrentUser, 'firstName' | 'lastName'>): string {
  return (
    [user.firstName, user.lastName]
      .map((s) => s.trim())
      .filter(Boolean)
      .join(' ') || 'Member'
  );
}

/** A full page load, so every cache starts fresh for the new session. */
export function goTo(path: string) {
  window.location.assign(path);
}
