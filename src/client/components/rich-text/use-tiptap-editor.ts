import { Extension } from '@tiptap/core';
import { Image } from '@tiptap/extension-image';
import { useEditor, useEditorState, type Editor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { Panel } from './editor-toolbar';
import type { RichTextEditorProps } from './types';

/** The Tiptap editor: the club's extensions, Ctrl+K for a link, and the HTML it gives out. */
function useClubEditor(
  { value, onChange, disabled }: Pick<RichTextEditorProps, 'value' | 'onChange'> & { disabled: boolean },
  openLinkPanel: () => void,
) {
  // The last HTML this editor gave out: a `value` that differs came from outside (a reset, a template) and replaces the document.
  const emitted = useRef(value);
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const openLink = useRef(openLinkPanel);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        // The page's own title is the h1; the text's headings start at h2.
        heading: { levels: [2, 3] },
        // Links open in the same tab unless the writer asks for a new one.
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', HTMLAttributes: { target: null, rel: null } },
        codeBlock: false,
      }),
      Image.configure({ inline: false }),
      Extension.create({
        name: 'linkShortcut',
        addKeyboardShortcuts: () => ({
          'Mod-k': () => {
            openLink.current();
            return true;
          },
        }),
      }),
    ],
    content: value,
    editable: !disabled,
    onUpdate: ({ editor: changed }) => {
      // The empty line kept after a closing heading or image (so the cursor can go there) is not part of the text.
      const html = changed.isEmpty ? '' : changed.getHTML().replace(/(<p><\/p>)+$/, '');
      emitted.current = html;
      onChangeRef.current(html);
    },
  });

  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!disabled, false);
  }, [editor, disabled]);
  return editor;
}

/** The editing area is a textbox named by the label, described by the description and the error. */
function useEditorAria(
  editor: Editor | null,
  ids: { labelId: string; descriptionId: string; errorId: string },
  { description, error, required, minHeight }: { description?: string; error?: string | null; required: boolean; minHeight: number },
) {
  const { labelId, descriptionId, errorId } = ids;
  useEffect(() => {
    if (!editor) return;
    const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');
    editor.setOptions({
      editorProps: {
        attributes: {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(error ? { 'aria-invalid': 'true' } : {}),
          ...(required ? { 'aria-required': 'true' } : {}),
          style: `min-height: ${minHeight}px`,
        },
      },
    });
  }, [editor, labelId, descriptionId, errorId, description, error, required, minHeight]);
}

/** The rich text editor's state: the editor, its ids, the open panel and what the selection is. */
export function useTiptapEditor(props: RichTextEditorProps) {
  const { value, onChange, error, description, required = false, disabled = false, minHeight = 220 } = props;
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const [panel, setPanel] = useState<Panel>('none');
  const editor = useClubEditor({ value, onChange, disabled }, () => setPanel('link'));
  useEditorAria(editor, { labelId, descriptionId, errorId }, { description, error, required, minHeight });

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      link: e?.isActive('link') ?? false,
      image: e?.isActive('image') ?? false,
    }),
  });

  const closePanel = () => {
    setPanel('none');
    editor?.commands.focus();
  };
  return { editor, labelId, descriptionId, errorId, panel, setPanel, state, closePanel };
}
