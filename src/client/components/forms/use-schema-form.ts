import { useState } from 'react';
import type { z } from 'zod';
import { fieldErrorsOf } from '../../lib/errors';
import { useDirtyGuard } from './dirty-guard';

/** The name a message is kept under: a field of V unless the form names its own (say 'other0.firstName'). */
type Key<V> = keyof V & string;

/** Field name → the sentence shown under it. */
export type FieldErrors<V, F extends string = Key<V>> = Partial<Record<F, string>>;

/** A schema or server path ('title', 'address.street', 'additionalMembers.0.firstName') → the form field that shows it. */
export type FieldOf<V, F extends string = Key<V>> = (path: string) => F | undefined;

/** The keys of V whose values are strings (text inputs, textareas, native selects). */
type TextKeys<V> = { [K in keyof V & string]: V[K] extends string ? K : never }[keyof V & string];
/** The keys of V whose values are booleans (checkboxes, switches). */
type FlagKeys<V> = { [K in keyof V & string]: V[K] extends boolean ? K : never }[keyof V & string];

/** By default a path shows on the field of the same name, else on the field named by its first part. */
export function defaultFieldOf<V extends object>(values: V): FieldOf<V> {
  return (path) => {
    if (path in values) return path as keyof V & string;
    const head = path.split('.')[0];
    return head in values ? (head as keyof V & string) : undefined;
  };
}

/**
 * Messages per field from path → message pairs (zod issues or the server's `fieldErrors`): the first message of a
 * field wins; a path that names no field goes to `form`.
 */
export function messagesByField<V, F extends string = Key<V>>(
  entries: Iterable<readonly [string, string]>,
  fieldOf: FieldOf<V, F>,
): { fields: FieldErrors<V, F>; form?: string } {
  const fields: FieldErrors<V, F> = {};
  let form: string | undefined;
  for (const [path, message] of entries) {
    const field = fieldOf(path);
    if (field) fields[field] ??= message;
    else form ??= message;
  }
  return { fields, form };
}

/** The issues of a failed parse as path → message pairs. */
export const issueEntries = (error: z.ZodError): [string, string][] =>
  error.issues.map((issue) => [issue.path.map(String).join('.'), issue.message]);

export interface SchemaFormOptions<S extends z.ZodType, V extends object, F extends string = Key<V>> {
  /** The shared schema the procedure takes; its messages are the ones shown. */
  schema: S;
  initialValues: V | (() => V);
  /** The form's values → what the schema parses (trimmed, converted, with an id). Defaults to the values as they are. */
  toInput?: (values: V) => unknown;
  /**
   * Where a schema or server path shows; defaults to the field of that name (or of its first part). A form with lists
   * names its own keys (F), such as 'other0.firstName' for 'additionalMembers.0.firstName'.
   */
  fieldOf?: FieldOf<V, F>;
}

export interface SchemaForm<S extends z.ZodType, V extends object, F extends string = Key<V>> {
  values: V;
  /** The message under each field, from the last validate() or the server's answer. */
  errors: FieldErrors<V, F>;
  /** A message of the schema that names no field (a refine over the whole input), from the last validate(). */
  formError: string | undefined;
  /** Changes one value and clears that field's message. */
  setValue: <K extends keyof V & string>(field: K, value: V[K]) => void;
  /** Changes several values (clearing their messages). */
  setValues: (patch: Partial<V>) => void;
  setErrors: (errors: FieldErrors<V, F> | ((errors: FieldErrors<V, F>) => FieldErrors<V, F>)) => void;
  /** Marks one field (a rule the schema cannot know, such as a file picked); undefined clears it. */
  setError: (field: F, message: string | undefined) => void;
  /** value, onChange and error for a TextInput, Textarea or NativeSelect bound to a string field. */
  inputProps: <K extends TextKeys<V>>(
    field: K,
  ) => { value: string; onChange: (event: { currentTarget: { value: string } }) => void; error: string | undefined };
  /** checked, onChange and error for a Checkbox or Switch bound to a boolean field. */
  checkboxProps: <K extends FlagKeys<V>>(
    field: K,
  ) => { checked: boolean; onChange: (event: { currentTarget: { checked: boolean } }) => void; error: string | undefined };
  /** Parses the values without marking anything (a message shown while typing): the parsed input, or the messages. */
  check: () => { data: z.output<S>; errors?: undefined } | { data?: undefined; errors: FieldErrors<V, F>; formError?: string };
  /**
   * Parses the values with the schema: the parsed input, or undefined with the messages set (and told to `onInvalid`,
   * say to focus the first marked field).
   */
  validate: (onInvalid?: (errors: FieldErrors<V, F>) => void) => z.output<S> | undefined;
  /** Puts the server's field errors under their fields; true when at least one field was marked. */
  applyServerError: (error: unknown) => boolean;
  /** Back to these values (or the initial ones), without messages; they become what `dirty` compares with. */
  reset: (values?: V) => void;
  /** Some value differs from the initial ones (or the last reset): a GuardedModal around the form asks before closing. */
  dirty: boolean;
}

/**
 * A form's values and messages, checked with a shared zod schema: the sentences under the fields are the schema's
 * own (`.min(1, '…')`, `.refine(…, '…')`), and a refused request's field errors land under the same fields.
 */
export function useSchemaForm<S extends z.ZodType, V extends object, F extends string = Key<V>>(
  options: SchemaFormOptions<S, V, F>,
): SchemaForm<S, V, F> {
  const { schema, toInput, fieldOf: givenFieldOf } = options;
  const [initial] = useState(options.initialValues);
  const [values, setAllValues] = useState<V>(initial);
  const [baseline, setBaseline] = useState<V>(initial);
  const dirty = differs(values, baseline);
  useDirtyGuard(dirty);
  const [errors, setErrors] = useState<FieldErrors<V, F>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const fieldOf = givenFieldOf ?? (defaultFieldOf(initial) as FieldOf<V, string> as FieldOf<V, F>);

  const clear = (fields: string[]) =>
    setErrors((errs) => {
      if (!fields.some((f) => (errs as Record<string, string | undefined>)[f])) return errs;
      const next = { ...errs } as Record<string, string | undefined>;
      for (const f of fields) delete next[f];
      return next as FieldErrors<V, F>;
    });

  const setValues = (patch: Partial<V>) => {
    setAllValues((v) => ({ ...v, ...patch }));
    clear(Object.keys(patch));
  };
  const setValue = <K extends keyof V & string>(field: K, value: V[K]) => setValues({ [field]: value } as unknown as Partial<V>);

  const setError = (field: F, message: string | undefined) =>
    message === undefined ? clear([field]) : setErrors((errs) => ({ ...errs, [field]: message }));

  const check = () => {
    const parsed = schema.safeParse(toInput ? toInput(values) : values);
    if (parsed.success) return { data: parsed.data as z.output<S> };
    const found = messagesByField(issueEntries(parsed.error), fieldOf);
    return { errors: found.fields, formError: found.form };
  };

  return {
    values,
    errors,
    formError,
    setValue,
    setValues,
    setErrors,
    setError,
    inputProps: (field) => ({
      value: values[field] as string,
      onChange: (event) => setValue(field, event.currentTarget.value as V[typeof field]),
      error: errors[field as string as F],
    }),
    checkboxProps: (field) => ({
      checked: values[field] as boolean,
      onChange: (event) => setValue(field, event.currentTarget.checked as V[typeof field]),
      error: errors[field as string as F],
    }),
    check,
    validate: (onInvalid) => {
      const result = check();
      setErrors(result.errors ?? {});
      setFormError(result.formError);
      if (result.errors) onInvalid?.(result.errors);
      return result.data;
    },
    applyServerError: (error) => {
      const { fields } = messagesByField(Object.entries(fieldErrorsOf(error)), fieldOf);
      setErrors(fields);
      return Object.keys(fields).length > 0;
    },
    dirty,
    reset: (next) => {
      setAllValues(next ?? initial);
      setBaseline(next ?? initial);
      setErrors({});
      setFormError(undefined);
    },
  };
}

/** Whether two sets of form values differ in any field (files and lists compared by identity and contents). */
function differs<V extends object>(a: V, b: V): boolean {
  if (a === b) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const x = (a as Record<string, unknown>)[key];
    const y = (b as Record<string, unknown>)[key];
    if (Object.is(x, y)) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null || x instanceof Blob || y instanceof Blob) return true;
    if (JSON.stringify(x) !== JSON.stringify(y)) return true;
  }
  return false;
}
