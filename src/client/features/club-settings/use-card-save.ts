import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';

/**
 * What a Club settings card does with its save's answer: the saved section becomes the app's (its store and the
 * public read's cache), the form starts afresh from it, and a toast says so; a refusal lands under its fields, or in
 * a toast when it names none. Spread into the save's `mutationOptions`.
 */
export function useCardSave<T, V>(card: {
  form: { reset: (values: V) => void; applyServerError: (error: unknown) => boolean };
  /** The app's store of the section. */
  store: (saved: T) => void;
  /** The form's values for the saved section. */
  values: (saved: T) => V;
  /** The public read of the section, whose cached answer is the saved one. */
  queryKey: QueryKey;
  /** The toast's title and words. */
  saved: (saved: T) => [title: string, message: string];
  /** The toast's title for a refusal that names no field. */
  failure: string;
}) {
  const queryClient = useQueryClient();
  return {
    onSuccess: (saved: T) => {
      card.store(saved);
      card.form.reset(card.values(saved));
      queryClient.setQueryData(card.queryKey, saved);
      toast.success(...card.saved(saved));
    },
    onError: (error: unknown) => {
      if (!card.form.applyServerError(error)) toast.error(card.failure, serverMessage(error));
    },
  };
}
