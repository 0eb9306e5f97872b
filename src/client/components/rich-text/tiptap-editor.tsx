import '@mantine/tiptap/styles.css';
import './tiptap-editor.css';
import { Alert, Button, Checkbox, FileInput, Group, Input, Paper, Stack, Text, TextInput } from '@mantine/core';
import { RichTextEditor as Rte } from '@mantine/tiptap';
import { Extension } from '@tiptap/core';
import { Image } from '@tiptap/extension-image';
import { useEditor, useEditorState, type Editor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { RichTextEditorProps } from './types';
import { LineIcon } from '../line-icon';
import { imageProblem } from '../uploads/send';
import { UploadProgress } from '../uploads/upload-progress';
import { LINK_ADDRESS_MESSAGE, linkAddress } from './link-address';

type Panel = 'none' | 'link' | 'image';

/** The panels' fields are 44 px tall too. */
const TOUCH_INPUT = { input: { minHeight: 44 } };

/** Every toolbar button is a 44 px target (a thumb on a phone), and the toolbar wraps onto more rows at 360 px. */
const STYLES = {
  control: { minWidth: 44, height: 44 },
  toolbar: { flexWrap: 'wrap', gap: 6, rowGap: 6 },
} as const;

/** The editor behind RichTextEditor (loaded on demand; see rich-text-editor.tsx). */
export function TiptapEditor({
  label,
  value,
  onChange,
  error,
  description,
  required = false,
  disabled = false,
  uploadImage,
  minHeight = 220,
}: RichTextEditorProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const [panel, setPanel] = useState<Panel>('none');
  // The last HTML this editor gave out: a `value` that differs came from outside (a reset, a template) and replaces the document.
  const emitted = useRef(value);
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const openLink = useRef(() => setPanel('link'));

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

  // The editing area is a textbox named by the label, described by the description and the error.
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
        <Rte.Toolbar role="toolbar" aria-label={`${label}: formatting`} onKeyDown={moveAlongToolbar}>
          <Rte.ControlsGroup>
            <Rte.H2 />
            <Rte.H3 />
          </Rte.ControlsGroup>
          <Rte.ControlsGroup>
            <Rte.Bold />
            <Rte.Italic />
          </Rte.ControlsGroup>
          <Rte.ControlsGroup>
            <Rte.BulletList />
            <Rte.OrderedList />
          </Rte.ControlsGroup>
          <Rte.ControlsGroup>
            <Rte.Control
              aria-label="Link"
              title="Link (Ctrl+K)"
              active={state?.link}
              aria-expanded={panel === 'link'}
              disabled={disabled}
              onClick={() => setPanel(panel === 'link' ? 'none' : 'link')}
            >
              <LinkIcon />
            </Rte.Control>
            <Rte.Unlink />
          </Rte.ControlsGroup>
          {uploadImage && (
            <Rte.ControlsGroup>
              <Rte.Control
                aria-label="Image"
                title="Image"
                active={state?.image}
                aria-expanded={panel === 'image'}
                disabled={disabled}
                onClick={() => setPanel(panel === 'image' ? 'none' : 'image')}
              >
                <PhotoIcon />
              </Rte.Control>
            </Rte.ControlsGroup>
          )}
          <Rte.ControlsGroup>
            <Rte.Undo />
            <Rte.Redo />
          </Rte.ControlsGroup>
        </Rte.Toolbar>
        {editor && panel === 'link' && <LinkPanel editor={editor} onDone={closePanel} />}
        {editor && panel === 'image' && uploadImage && <ImagePanel editor={editor} uploadImage={uploadImage} onDone={closePanel} />}
        <Rte.Content />
      </Rte>
      {error && <Input.Error id={errorId}>{error}</Input.Error>}
    </Stack>
  );
}

/** Left and right arrows move between the toolbar's buttons (the toolbar pattern), besides Tab. */
function moveAlongToolbar(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
  const buttons = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not([disabled])'));
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return;
  event.preventDefault();
  buttons[(at + (event.key === 'ArrowRight' ? 1 : buttons.length - 1)) % buttons.length]?.focus();
}

/** A small form between the toolbar and the text; Escape closes it without a change (and not the dialog around it). */
function PanelBox({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper
      role="group"
      aria-labelledby={titleId}
      p="sm"
      radius={0}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      onKeyDown={(e: KeyboardEvent) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        onClose();
      }}
    >
      <Stack gap="xs">
        <Text id={titleId} size="sm" fw={600}>
          {title}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

function LinkPanel({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const current = editor.getAttributes('link') as { href?: string; target?: string | null };
  const [typed, setTyped] = useState(current.href ?? '');
  const [newTab, setNewTab] = useState(current.target === '_blank');
  const [problem, setProblem] = useState<string | null>(null);

  const apply = () => {
    const href = linkAddress(typed);
    if (!href) {
      setProblem(LINK_ADDRESS_MESSAGE);
      return;
    }
    const attrs = { href, target: newTab ? '_blank' : null };
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive('link')) {
      // Nothing chosen to link: the address itself goes in as the link's text.
      chain.insertContent({ type: 'text', text: typed.trim(), marks: [{ type: 'link', attrs }] }).run();
    } else {
      chain.extendMarkRange('link').setLink(attrs).run();
    }
    onDone();
  };

  return (
    <PanelBox title={current.href ? 'Edit link' : 'Add a link'} onClose={onDone}>
      <TextInput
        label="Link address"
        description="A web address, a page of this site (/pages/about), an e-mail address or a phone number."
        placeholder="https://"
        value={typed}
        onChange={(e) => {
          setTyped(e.currentTarget.value);
          setProblem(null);
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          apply();
        }}
        error={problem}
        data-autofocus
        autoFocus
        size="md"
        styles={TOUCH_INPUT}
      />
      <Checkbox label="Open in a new tab" checked={newTab} onChange={(e) => setNewTab(e.currentTarget.checked)} size="md" py={10} />
      <Group gap="sm" wrap="wrap">
        <Button onClick={apply} mih={44}>
          {current.href ? 'Update link' : 'Add link'}
        </Button>
        <Button variant="default" onClick={onDone} mih={44}>
          Cancel
        </Button>
      </Group>
    </PanelBox>
  );
}

const ALT_MESSAGE = 'Describe the image for people who cannot see it (for example: "A bream caught at Fingal Head").';

function ImagePanel({
  editor,
  uploadImage,
  onDone,
}: {
  editor: Editor;
  uploadImage: NonNullable<RichTextEditorProps['uploadImage']>;
  onDone: () => void;
}) {
  // With an image chosen in the text, the panel edits its description.
  const selected = editor.isActive('image') ? (editor.getAttributes('image') as { alt?: string | null }) : null;
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState(selected?.alt ?? '');
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [altProblem, setAltProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  if (selected) {
    const save = () => {
      if (!alt.trim()) return setAltProblem(ALT_MESSAGE);
      editor.chain().focus().updateAttributes('image', { alt: alt.trim() }).run();
      onDone();
    };
    return (
      <PanelBox title="Image description" onClose={onDone}>
        <TextInput
          label="Description (alt text)"
          value={alt}
          onChange={(e) => {
            setAlt(e.currentTarget.value);
            setAltProblem(null);
          }}
          error={altProblem}
          maxLength={300}
          autoFocus
          size="md"
          styles={TOUCH_INPUT}
        />
        <Group gap="sm" wrap="wrap">
          <Button onClick={save} mih={44}>
            Save description
          </Button>
          <Button variant="default" onClick={onDone} mih={44}>
            Cancel
          </Button>
        </Group>
      </PanelBox>
    );
  }

  const insert = async () => {
    const noFile = file ? imageProblem(file) : 'Choose an image to upload.';
    const noAlt = alt.trim() ? null : ALT_MESSAGE;
    setFileProblem(noFile);
    setAltProblem(noAlt);
    if (!file || noFile || noAlt) return;
    setBusy(true);
    setFailure(null);
    setProgress(0);
    try {
      const image = await uploadImage(file, setProgress);
      setProgress(100);
      // Placed where the cursor is now (the writer may have moved it while the image went up).
      editor
        .chain()
        .focus()
        .setImage({
          src: image.url,
          alt: alt.trim(),
          ...(image.width ? { width: image.width } : {}),
          ...(image.height ? { height: image.height } : {}),
        })
        .run();
      onDone();
    } catch (error) {
      setProgress(null);
      setFailure(error instanceof Error && error.message ? error.message : 'The image could not be uploaded. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <PanelBox title="Insert an image" onClose={() => !busy && onDone()}>
      <FileInput
        label="Image file"
        description="JPEG, PNG, WebP or GIF, at most 5 MB. It goes where the cursor is."
        placeholder="Choose an image"
        accept="image/*"
        value={file}
        onChange={(chosen) => {
          setFile(chosen);
          setFileProblem(chosen ? imageProblem(chosen) : null);
          setFailure(null);
          setProgress(null);
        }}
        error={fileProblem}
        disabled={busy}
        size="md"
        styles={TOUCH_INPUT}
      />
      <TextInput
        label="Description (alt text)"
        description="Read aloud to people who cannot see the image."
        value={alt}
        onChange={(e) => {
          setAlt(e.currentTarget.value);
          setAltProblem(null);
        }}
        error={altProblem}
        disabled={busy}
        maxLength={300}
        size="md"
        styles={TOUCH_INPUT}
      />
      {progress !== null && (
        <UploadProgress
          value={progress}
          animated={busy && progress < 100}
          caption={progress < 100 ? `Uploading... ${progress}%` : 'Processing image...'}
        />
      )}
      {failure && (
        <Alert color="red" variant="light" role="alert" title="Upload failed">
          {failure}
        </Alert>
      )}
      <Group gap="sm" wrap="wrap">
        <Button onClick={() => void insert()} loading={busy} mih={44}>
          Upload and insert
        </Button>
        <Button variant="default" onClick={onDone} disabled={busy} mih={44}>
          Cancel
        </Button>
      </Group>
    </PanelBox>
  );
}

function LinkIcon() {
  return (
    <LineIcon size={18}>
      <path d="M9 15l6-6" />
      <path d="M11 6l.46-.54a5 5 0 0 1 7.07 7.07L18 13" />
      <path d="M13 18l-.4.53a5.07 5.07 0 0 1-7.13 0 4.97 4.97 0 0 1 0-7.07L6 11" />
    </LineIcon>
  );
}

function PhotoIcon() {
  return (
    <LineIcon size={18}>
      <path d="M15 8h.01" />
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <path d="M3 16l5-5c.93-.9 2.07-.9 3 0l5 5" />
      <path d="M14 14l1-1c.93-.9 2.07-.9 3 0l3 3" />
    </LineIcon>
  );
}
