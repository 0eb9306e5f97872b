import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  CATCH_SIZE_MESSAGE,
  isCatchSize,
  REJECT_REASON_LENGTH,
  REJECT_REASON_MESSAGE,
  roundSizeCm,
  SPECIES,
  type Species,
} from '../../../shared/catches';
import type { JudgeCatchView, JudgeInput } from '../../../shared/catches.schema';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';

const GENERIC_ERROR = 'Failed to judge the catch. Please try again.';

export const isSpecies = (value: string): value is Species => (SPECIES as readonly string[]).includes(value);

/** Which form is open under the card's buttons. */
export type JudgeMode = 'idle' | 'correct' | 'reject';
/** The button whose request is on its way (it spins; the others wait). */
export type JudgeButton = 'approve' | 'correct' | 'reject';

type Result<T> = { input: T; error?: undefined } | { input?: undefined; error: string };

/** The approval with the judge's corrections: only what differs from the catch as logged. */
export function correctionInput(item: JudgeCatchView, fishType: string, size: number | string): Result<JudgeInput> {
  const newSize = typeof size === 'number' ? size : Number(size);
  if (size === '' || !isCatchSize(newSize)) return { error: CATCH_SIZE_MESSAGE };
  const input: Extract<JudgeInput, { action: 'approve' }> = { action: 'approve', id: item.id };
  const rounded = roundSizeCm(newSize);
  if (rounded !== item.size) input.size = rounded;
  if (isSpecies(fishType) && fishType !== item.fishType) input.fishType = fishType;
  return { input };
}

/** The rejection with its trimmed reason, which the angler sees. */
export function rejectionInput(item: JudgeCatchView, reason: string): Result<JudgeInput> {
  const trimmed = reason.trim();
  if (trimmed.length < REJECT_REASON_LENGTH.min) return { error: REJECT_REASON_MESSAGE };
  return { input: { action: 'reject', id: item.id, reason: trimmed } };
}

/** The judge's request: a toast, and the card leaves the queue at once; the results and ladder are read again. */
function useJudgeMutation(onSettled: () => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.admin.catches.judge.mutationOptions({
      onSuccess: (judged, input) => {
        toast.success(
          input.action === 'approve' ? 'Catch approved' : 'Catch rejected',
          `${judged.fishType}, ${judged.size} cm, by ${judged.anglerName}`,
        );
        // The card leaves at once; the refetch confirms what the server now holds.
        queryClient.setQueryData(trpc.admin.catches.queue.queryKey(), (old) => old?.filter((c) => c.id !== input.id));
        void Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.admin.catches.queue.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.catches.results.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.catches.ladder.pathKey() }),
        ]);
      },
      onError: (error) => toast.error('Error', serverMessage(error) ?? GENERIC_ERROR),
      onSettled,
    }),
  );
}

/**
 * One judge card's state: which form is open, the correction and the reason being typed (kept while a form is
 * closed and opened again), and the three ways to send a verdict.
 */
export function useJudgeCatch(item: JudgeCatchView) {
  const [mode, setMode] = useState<JudgeMode>('idle');
  const [pressed, setPressed] = useState<JudgeButton | null>(null);
  const [fishType, setFishType] = useState<string>(isSpecies(item.fishType) ? item.fishType : '');
  const [size, setSize] = useState<number | string>(item.size);
  const [sizeError, setSizeError] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const judge = useJudgeMutation(() => setPressed(null));
  const busy = judge.isPending;

  const send = (button: JudgeButton, input: JudgeInput) => {
    setPressed(button);
    judge.mutate(input);
  };

  return {
    mode,
    /** Opens a form, or closes it when it is the open one. */
    toggle: (form: Exclude<JudgeMode, 'idle'>) => setMode(mode === form ? 'idle' : form),
    close: () => setMode('idle'),
    busy,
    /** A send button's state: spinning while its own request is on its way, disabled while another's is. */
    buttonState: (button: JudgeButton) => ({ loading: busy && pressed === button, disabled: busy && pressed !== button }),
    approveAsLogged: () => send('approve', { action: 'approve', id: item.id }),
    correction: {
      fishType,
      setFishType,
      size,
      setSize: (value: number | string) => {
        setSize(value);
        setSizeError(null);
      },
      error: sizeError,
      submit: () => {
        const { input, error } = correctionInput(item, fishType, size);
        setSizeError(error ?? null);
        if (input) send('correct', input);
      },
    },
    rejection: {
      reason,
      setReason: (value: string) => {
        setReason(value);
        setReasonError(null);
      },
      error: reasonError,
      submit: () => {
        const { input, error } = rejectionInput(item, reason);
        setReasonError(error ?? null);
        if (input) send('reject', input);
      },
    },
  };
}

export type JudgeCatchState = ReturnType<typeof useJudgeCatch>;
