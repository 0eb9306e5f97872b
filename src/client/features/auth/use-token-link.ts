import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import type { TokenPurpose } from '../../../shared/auth.constants';
import type { CurrentUser } from '../../../shared/auth.schema';
import { isNetworkError, serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';

export type TokenLinkState =
  | { status: 'idle' | 'pending' }
  /** `user`: who the link signed in. */
  | { status: 'success'; user: CurrentUser }
  | { status: 'error'; message: string };

/**
 * The token of an e-mailed link, spent only when the person asks (`spend`, from a button): loading the page
 * spends nothing, so a mail scanner that opens or even renders the link neither uses it up nor gets the session.
 * A ref keeps a double click from sending it twice.
 */
export function useTokenLink(token: string | undefined, purpose: TokenPurpose): TokenLinkState & { spend: () => void } {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const started = useRef(false);
  const verify = useMutation(
    trpc.auth.verifyToken.mutationOptions({
      onSuccess: (user) => queryClient.setQueryData(trpc.auth.me.queryKey(), user),
    }),
  );
  const { mutate } = verify;
  const spend = useCallback(() => {
    if (!token || started.current) return;
    started.current = true;
    mutate({ token, purpose });
  }, [token, purpose, mutate]);

  if (!token || verify.isIdle) return { status: 'idle', spend };
  if (verify.isError) {
    const error = verify.error;
    return {
      status: 'error',
      spend,
      message: isNetworkError(error)
        ? 'Network error. Please check your connection and try again.'
        : (serverMessage(error) ?? 'This link could not be used. Please request a new one.'),
    };
  }
  if (verify.isSuccess) return { status: 'success', spend, user: verify.data };
  return { status: 'pending', spend };
}
