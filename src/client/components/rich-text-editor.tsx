import { Box, Input, Loader, Stack, Text } from '@mantine/core';
import { Suspense, useId, useState } from 'react';
import { LoadBoundary, onDemandPart } from './on-demand';

/** What an image upload gives back: where the stored image is served, and what is known of it. */
export interface UploadedImage {
  url: string;
  width?: number;
  height?: number;
  alt?: string;
}

/**
 * Uploads one chosen image and resolves with its address (rejecting with a sentence a person understands);
 * `onProgress` hears 0–100 while the file goes up.
 */
export type UploadImage = (file: File, onProgress?: (percent: number) => void) => Promise<UploadedImage>;

export interface RichTextEditorProps {
  /** The field's visible label (also the editing area's accessible name). */
  label: string;
  /** The document as HTML ('' when empty). */
  value: string;
  /** Hears the document as HTML after each change ('' when the editor is emptied). */
  onChange: (html: string) => void;
  error?: string;
  /** A line under the label. */
  description?: string;
  /** Shows the required asterisk. */
  required?: boolean;
  disabled?: boolean;
  /** Without it, the toolbar has no image button. See useEditorImageUpload for the site's own uploads. */
  uploadImage?: UploadImage;
  /** Height of the editing area in px (default 220). */
  minHeight?: number;
}

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
