import { Box, Input, Loader, Stack, Text } from '@mantine/core';
import { Suspense, useId, useState } from 'react';
import { LoadBoundary, onDemandPart } from './on-demand';
import type { RichTextEditorProps } from './rich-text/types';

export type { RichTextEditorProps, UploadedImage, UploadImage } from './rich-text/types';

// Tiptap and ProseMirror weigh about 100 kB gzip: fetched when an editor is first shown, never with the public pages.
const TiptapEditor = onDemandPart(async () => (await import('./rich-text/tiptap-editor')).TiptapEditor);

/**
 * A rich-text field written like a document (headings, lists, links, images uploaded in place) that gives HTML.
 * Its code loads on first use: while it does, the label and a spinner hold its place.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  // A failed fetch (no signal) shows a message; the next render of a new editor fetches again.
  const [failed, setFailed] = useState(false);
  const fallback = <EditorPlaceholder {...props} failed={failed} />;
  if (failed) return fallback;
  return (
    <LoadBoundary onError={() => setFailed(true)} fallback={fallback}>
      <Suspense fallback={fallback}>
        <TiptapEditor {...props} />
      </Suspense>
    </LoadBoundary>
  );
}

function EditorPlaceholder({ label, description, required, error, minHeight = 220, failed }: RichTextEditorProps & { failed: boolean }) {
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Input.Label id={labelId} required={required}>
        {label}
      </Input.Label>
      {description && <Input.Description>{description}</Input.Description>}
      <Box
        role="status"
        aria-labelledby={labelId}
        mih={minHeight + 46}
        style={{
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        {failed ? (
          <Text size="sm" c="red" p="md" ta="center">
            The editor could not load. Please check your connection, then close and reopen this form.
          </Text>
        ) : (
          <Loader size="sm" aria-label="Loading the editor" />
        )}
      </Box>
      {error && <Input.Error>{error}</Input.Error>}
    </Stack>
  );
}
