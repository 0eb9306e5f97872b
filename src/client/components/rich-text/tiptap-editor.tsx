import '@mantine/tiptap/styles.css';
import './tiptap-editor.css';
import { Input, Stack } from '@mantine/core';
import { RichTextEditor as Rte } from '@mantine/tiptap';
import type { RichTextEditorProps } from './types';
import { EditorToolbar } from './editor-toolbar';
import { ImagePanel } from './image-panel';
import { LinkPanel } from './link-panel';
import { useTiptapEditor } from './use-tiptap-editor';

/** Every toolbar button is a 44 px target (a thumb on a phone), and the toolbar wraps onto more rows at 360 px. */
const STYLES = {
  control: { minWidth: 44, height: 44 },
  toolbar: { flexWrap: 'wrap', gap: 6, rowGap: 6 },
} as const;

/** The editor behind RichTextEditor (loaded on demand; see rich-text-editor.tsx). */
export function TiptapEditor(props: RichTextEditorProps) {
  const { label, error, description, required = false, disabled = false, uploadImage } = props;
  const { editor, labelId, descriptionId, errorId, panel, setPanel, state, closePanel } = useTiptapEditor(props);
  return (
    <Stack gap={4}>
      {/* A contenteditable cannot be a label's control: a click on the label puts the cursor in the text instead. */}
      <Input.Label id={labelId} required={required} onClick={() => editor?.commands.focus()}>
        {label}
      </Input.Label>
      {description && <Input.Description id={descriptionId}>{description}</Input.Description>}
      <Rte
        editor={editor}
        styles={STYLES}
        labels={{ orderedListControlLabel: 'Numbered list', linkControlLabel: 'Link' }}
        className="club-rte"
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        <EditorToolbar
          label={label}
          state={state}
          panel={panel}
          setPanel={setPanel}
          disabled={disabled}
          withImages={Boolean(uploadImage)}
        />
        {editor && panel === 'link' && <LinkPanel editor={editor} onDone={closePanel} />}
        {editor && panel === 'image' && uploadImage && <ImagePanel editor={editor} uploadImage={uploadImage} onDone={closePanel} />}
        <Rte.Content />
      </Rte>
      {error && <Input.Error id={errorId}>{error}</Input.Error>}
    </Stack>
  );
}
