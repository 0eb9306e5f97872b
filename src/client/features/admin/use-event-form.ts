import { useRef, useState, type FormEvent } from 'react';
import type { CompetitionRules } from '../../../shared/competition';
import { eventInput, type AdminEventView, type EventInput } from '../../../shared/events.schema';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { fieldErrorsOf, serverMessage } from '../../lib/errors';
import { formValuesOf, toEventInput } from './event-form-values';

/** The event form's state: its fields, what stays on screen after a refused try, and the submit. */
export function useEventForm(
  initial: AdminEventView | null,
  rules: CompetitionRules,
  onSubmit: (input: EventInput) => void | Promise<unknown>,
) {
  const editing = initial !== null;
  const form = useSchemaForm({
    schema: eventInput,
    initialValues: () => formValuesOf(initial, rules),
    toInput: (v) => toEventInput(v, editing),
  });
  const { values } = form;
  const formRef = useRef<HTMLFormElement>(null);
  // What stays on screen until the next try: how many fields are marked, or the server's sentence when it named none.
  const [problem, setProblem] = useState<string | null>(null);

  /** Every marked field at once, and the first of them focused (a long form on a phone scrolls to it). */
  const showMarked = (count: number) => {
    setProblem(count === 1 ? 'Please correct the marked field.' : `Please correct the ${count} marked fields.`);
    setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    if (!form.validate((errors) => showMarked(Object.keys(errors).length))) return;
    // What was typed goes (a blank fee or maximum stays ''); the server parses it again and names every field it refuses.
    void Promise.resolve(onSubmit(toEventInput(values, editing))).catch((error: unknown) => {
      if (form.applyServerError(error)) showMarked(Object.keys(fieldErrorsOf(error)).length);
      else setProblem(serverMessage(error) ?? 'The event could not be saved. Please try again.');
    });
  };

  return { editing, form, formRef, problem, submit };
}

export type EventFormState = ReturnType<typeof useEventForm>;
