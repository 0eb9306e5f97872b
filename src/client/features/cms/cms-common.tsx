import { Stack, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { HtmlPreview } from './html-preview';

/** Phones get full-screen dialogs. */
export function usePhone(): boolean {
  return useMediaQuery('(max-width: 36em)');
}

/** After a change: reload the admin list, and the public content reads so the site shows it in this session too. */
export function useRefresh(listKey: QueryKey) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: listKey }), queryClient.invalidateQueries({ queryKey: trpc.cms.pathKey() })]);
}

/** The §8 toasts of a CMS change; on success the form or dialog closes and the lists refresh. */
export function feedback(success: string, failure: string, done: () => void, refresh: () => Promise<unknown>) {
  return {
    onSuccess: () => {
      toast.success(success);
      done();
      void refresh();
    },
    onError: (error: unknown) => toast.error(failure, serverMessage(error)),
  };
}

/** A form field's change handler that stores the typed text. */
export const textOf = (e: { currentTarget: { value: string } }) => e.currentTarget.value;

/** SPEC §2.14: text content is a 6-row area; HTML content is a 10-row area with a live preview. */
export function ContentEditor({
  kind,
  label = 'Content',
  value,
  onChange,
  required = false,
  disabled = false,
}: {
  kind: 'text' | 'html';
  label?: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  disabled?: boolean;
}) {
  if (kind === 'text') {
    return (
      <Textarea label={label} withAsterisk={required} rows={6} value={value} onChange={(e) => onChange(textOf(e))} disabled={disabled} />
    );
  }
  return (
    <Stack gap="xs">
      <Textarea
        label={label}
        description="HTML. Scripts and unsafe markup are removed when it is saved."
        withAsterisk={required}
        rows={10}
        value={value}
        onChange={(e) => onChange(textOf(e))}
        disabled={disabled}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
      />
      <HtmlPreview html={value} />
    </Stack>
  );
}
