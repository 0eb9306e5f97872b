import { act, renderHook } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useSchemaForm } from '../../src/client/components/forms/use-schema-form';

const schema = z
  .object({
    title: z.string().trim().min(1, 'Please enter a title.'),
    size: z.coerce.number().int().positive('Enter a size above zero.'),
    published: z.boolean(),
  })
  .refine((v) => !(v.published && v.title === 'draft'), { message: 'A draft cannot be published.' });

const initialValues = { title: '', size: '', published: false };

/** What our server answers when a procedure refuses fields (TRPCClientError with data.fieldErrors). */
const refusal = (fieldErrors: Record<string, string>) =>
  TRPCClientError.from({ error: { message: 'Refused', code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 400, fieldErrors } } });

describe('useSchemaForm', () => {
  it('puts the schema messages under their fields and returns nothing while the values do not parse', () => {
    const { result } = renderHook(() => useSchemaForm({ schema, initialValues }));
    let parsed: unknown;
    act(() => {
      parsed = result.current.validate();
    });
    expect(parsed).toBeUndefined();
    expect(result.current.errors).toEqual({ title: 'Please enter a title.', size: 'Enter a size above zero.' });
    expect(result.current.inputProps('title').error).toBe('Please enter a title.');
  });

  it('returns the parsed input and clears the messages once the values parse', () => {
    const { result } = renderHook(() => useSchemaForm({ schema, initialValues }));
    act(() => void result.current.validate());
    act(() => {
      result.current.inputProps('title').onChange({ currentTarget: { value: '  Flathead  ' } });
      result.current.setValue('size', '40');
    });
    expect(result.current.errors).toEqual({});
    let parsed: unknown;
    act(() => {
      parsed = result.current.validate();
    });
    expect(parsed).toEqual({ title: 'Flathead', size: 40, published: false });
  });

  it('clears only the edited field’s message', () => {
    const { result } = renderHook(() => useSchemaForm({ schema, initialValues }));
    act(() => void result.current.validate());
    act(() => result.current.inputProps('title').onChange({ currentTarget: { value: 'Bream' } }));
    expect(result.current.errors).toEqual({ size: 'Enter a size above zero.' });
  });

  it('checks the values without marking the fields', () => {
    const { result } = renderHook(() => useSchemaForm({ schema, initialValues }));
    expect(result.current.check()).toEqual({
      errors: { title: 'Please enter a title.', size: 'Enter a size above zero.' },
      formError: undefined,
    });
    expect(result.current.errors).toEqual({});
    act(() => result.current.setValues({ title: 'Bream', size: '3' }));
    expect(result.current.check()).toEqual({ data: { title: 'Bream', size: 3, published: false } });
  });

  it('binds a checkbox to a boolean field', () => {
    const { result } = renderHook(() => useSchemaForm({ schema, initialValues }));
    act(() => result.current.checkboxProps('published').onChange({ currentTarget: { checked: true } }));
    expect(result.current.values.published).toBe(true);
    expect(result.current.checkboxProps('published').checked).toBe(true);
  });

  it('keeps a message that names no field as the form’s message', () => {
    const { result } = renderHook(() => useSchemaForm({ schema, initialValues: { title: 'draft', size: '1', published: true } }));
    act(() => void result.current.validate());
    expect(result.current.errors).toEqual({});
    expect(result.current.formError).toBe('A draft cannot be published.');
  });

  it('parses what toInput makes of the values', () => {
    const { result } = renderHook(() =>
      useSchemaForm({
        schema: z.object({ id: z.string(), title: z.string().min(1, 'Please enter a title.') }),
        initialValues: { title: 'Bream' },
        toInput: (v) => ({ id: 'n1', ...v }),
      }),
    );
    let parsed: unknown;
    act(() => {
      parsed = result.current.validate();
    });
    expect(parsed).toEqual({ id: 'n1', title: 'Bream' });
  });

  it('puts the server’s field errors under the fields, following fieldOf for nested paths', () => {
    const { result } = renderHook(() =>
      useSchemaForm({
        schema,
        initialValues,
        fieldOf: (path) => (path.startsWith('sizes.') ? 'size' : path in initialValues ? (path as 'title') : undefined),
      }),
    );
    let marked = false;
    act(() => {
      marked = result.current.applyServerError(refusal({ title: 'That title is taken.', 'sizes.0': 'Too long.', other: 'x' }));
    });
    expect(marked).toBe(true);
    expect(result.current.errors).toEqual({ title: 'That title is taken.', size: 'Too long.' });
  });

  it('marks nothing for an error without field errors', () => {
    const { result } = renderHook(() => useSchemaForm({ schema, initialValues }));
    let marked = true;
    act(() => {
      marked = result.current.applyServerError(new TypeError('Failed to fetch'));
    });
    expect(marked).toBe(false);
    expect(result.current.errors).toEqual({});
  });

  it('maps a nested server path to the field of its first part by default', () => {
    const { result } = renderHook(() => useSchemaForm({ schema, initialValues }));
    act(() => void result.current.applyServerError(refusal({ 'title.0': 'Bad title.' })));
    expect(result.current.errors).toEqual({ title: 'Bad title.' });
  });

  it('resets to the initial values without messages', () => {
    const { result } = renderHook(() => useSchemaForm({ schema, initialValues }));
    act(() => result.current.setValue('title', 'Bream'));
    act(() => void result.current.validate());
    act(() => result.current.reset());
    expect(result.current.values).toEqual(initialValues);
    expect(result.current.errors).toEqual({});
  });
});
