import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { roundSizeCm } from '../../../shared/catches';
import { judgeInput, type JudgeCatchView, type JudgeInput } from '../../../shared/catches.schema';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useSpeciesNames } from '../../lib/species';
import { useTRPC } from '../../trpc';

const GENERIC_ERROR = 'Failed to judge the catch. Please try again.';

/** Which form is open under the card's buttons. */
export type JudgeMode = 'idle' | 'correct' | 'reject';
/** The button whose request is on its way (it spins; the others wait). */
export type JudgeButton = 'approve' | 'correct' | 'reject';

const [approveInput, rejectInput] = judgeInput.options;

/** The number the size box holds; a blank or unreadable one is no length, which the schema refuses with its sentence. */
const sizeOf = (size: number | string) => {
  const cm = typeof size === 'number' ? size : Number(size);
  return size === '' || !Number.isFinite(cm) ? 0 : cm;
};

/** The approval with the judge's corrections: only what differs from the catch as logged, the size to a tenth of a cm. */
export function correctionOf(item: JudgeCatchView, checked: Extract<JudgeInput, { action: 'approve' }>): JudgeInput {
  const input: Extract<JudgeInput, { action: 'approve' }> = { action: 'approve', id: item.id };
  const rounded = checked.size === undefined ? item.size : roundSizeCm(checked.size);
  if (rounded !== item.size) input.size = rounded;
  if (checked.fishType !== undefined && checked.fishType !== item.fishType) input.fishType = checked.fishType;
  return input;
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
        // The card leaves at once (whichever event's list shows it); the refetch confirms what the server now holds.
        queryClient.setQueriesData<JudgeCatchView[]>({ queryKey: trpc.admin.catches.queue.pathKey() }, (old) =>
          old?.filter((c) => c.id !== input.id),
        );
        void Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.admin.catches.queue.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.admin.catches.waitingEvents.pathKey() }),
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
 * closed and opened again, checked with the shared judge input), and the three ways to send a verdict.
 */
export function useJudgeCatch(item: JudgeCatchView) {
  const [mode, setMode] = useState<JudgeMode>('idle');
  const [pressed, setPressed] = useState<JudgeButton | null>(null);
  // The club's species now: a catch of one no longer listed shows its own and is approved as it is, or corrected to one.
  const species = useSpeciesNames();
  const listed = (name: string) => species.includes(name);
  const correction = useSchemaForm({
    schema: approveInput,
    initialValues: { fishType: listed(item.fishType) ? item.fishType : '', size: item.size as number | string },
    toInput: (v) => ({ action: 'approve', id: item.id, size: sizeOf(v.size), ...(listed(v.fishType) ? { fishType: v.fishType } : {}) }),
  });
  const rejection = useSchemaForm({
    schema: rejectInput,
    initialValues: { reason: '' },
    toInput: (v) => ({ action: 'reject', id: item.id, reason: v.reason }),
  });
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
    correction,
    saveAndApprove: () => {
      const checked = correction.validate();
      if (checked) send('correct', correctionOf(item, checked));
    },
    rejection,
    confirmReject: () => {
      const checked = rejection.validate();
      if (checked) send('reject', checked);
    },
  };
}

export type JudgeCatchState = ReturnType<typeof useJudgeCatch>;
