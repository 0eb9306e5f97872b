import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { TokenPurpose } from '../../../shared/auth.constants';
import { isNetworkError, serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';

export type TokenLinkState = { status: 'idle' | 'pending' | 'success' } | { status: 'error'; message: string };

/**
 * Spends the token of an e-mailed link exactly once (a ref guards against React StrictMode
 * running the effect twice) and signs the browser in.
 */
export function useTokenLink(token: string | undefined, purpose: TokenPurpose): TokenLinkState {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const started = useRef(false);
  const verify = useMutation(
    trpc.auth.verifyToken.mutationOptions({
      onSuccess: (user) => queryClient.setQueryData(trpc.auth.me.queryKey(), user),
    }),
  );
  const { mutate } = verify;

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    mutate({ token, purpose });
  }, [token, purpose, mutate]);

  if (!token) return { status: 'idle' };
  if (verify.isError) {
    const error = verify.error;
    return {
      status: 'error',
      message: isNetworkError(error) ? 'Network error. Please check your connection and try again.' : (serverMessage(error) ?? 'This link could not be used. Please request a new one.'),
    };
  }
  if (verify.isSuccess) return { status: 'success' };
  return { status: 'pending' };
}
