import { Alert, Button, FileInput, Group, TextInput } from '@mantine/core';
import type { Editor } from '@tiptap/react';
import { useState } from 'react';
import { imageProblem } from '../uploads/send';
import { UploadProgress } from '../uploads/upload-progress';
import { PanelBox, TOUCH_INPUT } from './panel-box';
import type { RichTextEditorProps } from './types';

const ALT_MESSAGE = 'Describe the image for people who cannot see it (for example: "A bream caught at Fingal Head").';

type UploadImage = NonNullable<RichTextEditorProps['uploadImage']>;

/** The image panel's state: the file, its description, the upload's progress and what went wrong. */
function useImagePanel(editor: Editor, uploadImage: UploadImage, onDone: () => void) {
  // With an image chosen in the text, the panel edits its description.
  const selected = editor.isActive('image') ? (editor.getAttributes('image') as { alt?: string | null }) : null;
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState(selected?.alt ?? '');
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [altProblem, setAltProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

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
  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setFileProblem(chosen ? imageProblem(chosen) : null);
    setFailure(null);
    setProgress(null);
  };
  const typeAlt = (value: string) => {
    setAlt(value);
    setAltProblem(null);
  };
  const saveAlt = () => {
    if (!alt.trim()) return setAltProblem(ALT_MESSAGE);
    editor.chain().focus().updateAttributes('image', { alt: alt.trim() }).run();
    onDone();
  };
  return { selected, file, chooseFile, alt, typeAlt, fileProblem, altProblem, failure, progress, busy, insert, saveAlt };
}

type ImagePanelState = ReturnType<typeof useImagePanel>;

/** The description of the image chosen in the text. */
function ImageDescriptionForm({ state: { alt, typeAlt, altProblem, saveAlt }, onDone }: { state: ImagePanelState; onDone: () => void }) {
  return (
    <>
      <TextInput
        label="Description (alt text)"
        value={alt}
        onChange={(e) => typeAlt(e.currentTarget.value)}
        error={altProblem}
        maxLength={300}
        autoFocus
        size="md"
        styles={TOUCH_INPUT}
      />
      <Group gap="sm" wrap="wrap">
        <Button onClick={saveAlt} mih={44}>
          Save description
        </Button>
        <Button variant="default" onClick={onDone} mih={44}>
          Cancel
        </Button>
      </Group>
    </>
  );
}

/** A new image: the file, its description and the upload. */
function ImageUploadForm({ state, onDone }: { state: ImagePanelState; onDone: () => void }) {
  const { file, chooseFile, fileProblem, busy, alt, typeAlt, altProblem, progress, failure, insert } = state;
  return (
    <>
      <FileInput
        label="Image file"
        description="JPEG, PNG, WebP or GIF, at most 5 MB. It goes where the cursor is."
        placeholder="Choose an image"
        accept="image/*"
        value={file}
        onChange={chooseFile}
        error={fileProblem}
        disabled={busy}
        size="md"
        styles={TOUCH_INPUT}
      />
      <TextInput
        label="Description (alt text)"
        description="Read aloud to people who cannot see the image."
        value={alt}
        onChange={(e) => typeAlt(e.currentTarget.value)}
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
    </>
  );
}

/** The image panel: a new image uploaded in place, or the description of the one chosen in the text. */
export function ImagePanel({ editor, uploadImage, onDone }: { editor: Editor; uploadImage: UploadImage; onDone: () => void }) {
  const state = useImagePanel(editor, uploadImage, onDone);
  if (state.selected)
    return (
      <PanelBox title="Image description" onClose={onDone}>
        <ImageDescriptionForm state={state} onDone={onDone} />
      </PanelBox>
    );
  return (
    <PanelBox title="Insert an image" onClose={() => !state.busy && onDone()}>
      <ImageUploadForm state={state} onDone={onDone} />
    </PanelBox>
  );
}
