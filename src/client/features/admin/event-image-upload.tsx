import { Alert, Button, FileInput, Group, Progress, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminEventView } from '../../../shared/events.schema';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';

/** SPEC §8/§9: one image, at most 5 MB. */
export const MAX_IMAGE_BYTES = 5_242_880;

/** Why a chosen file cannot be uploaded, or null. */
export function imageProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return 'Please choose an image file (JPEG, PNG, WebP or GIF).';
  if (file.size > MAX_IMAGE_BYTES) return 'The image is larger than 5 MB.';
  return null;
}

/** PUTs the raw file to the upload address, reporting progress (0–100). */
export function putFile(url: string, file: File, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    if (file.type) xhr.setRequestHeader('Content-Type', file.type);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`Upload failed (HTTP ${xhr.status}).`)));
    xhr.onerror = () => reject(new Error('Upload failed. Please check your connection and try again.'));
    xhr.onabort = () => reject(new Error('Upload cancelled.'));
    xhr.send(file);
  });
}

/**
 * The upload flow shared by every image field: choose (checked), get an upload slot, PUT the file with
 * progress, then `finish` with the slot's address. Failures show the §8 toasts under `failure`.
 * Resolves true once finished.
 */
export function useImageUpload(failure: string, finish: (uploadURL: string) => Promise<void>) {
  const trpc = useTRPC();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const createUpload = useMutation(trpc.objects.createUpload.mutationOptions());

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setProgress(null);
    setProblem(chosen ? imageProblem(chosen) : null);
  };

  const upload = async (): Promise<boolean> => {
    if (!file || imageProblem(file)) return false;
    setBusy(true);
    try {
      let uploadURL: string | undefined;
      try {
        uploadURL = (await createUpload.mutateAsync()).uploadURL;
      } catch (error) {
        toast.error('Failed to get upload URL', serverMessage(error));
        return false;
      }
      if (!uploadURL) {
        toast.error('Failed to get upload URL', 'No upload URL received from server');
        return false;
      }
      setProgress(0);
      try {
        await putFile(uploadURL, file, setProgress);
        setProgress(100);
        await finish(uploadURL);
      } catch (error) {
        setProgress(null);
        toast.error(failure, serverMessage(error) ?? (error instanceof Error ? error.message : undefined));
        return false;
      }
      return true;
    } finally {
      setBusy(false);
    }
  };

  return { file, setFile, problem, progress, busy, choose, upload };
}

/** The 'Upload Image' dialog body: choose, then Upload; progress while the PUT runs; then set the event image. */
export function EventImageUpload({ event, onDone }: { event: AdminEventView; onDone: () => void }) {
  const trpc = useTRPC();
  const setImage = useMutation(trpc.admin.events.setImage.mutationOptions());
  const {
    file,
    problem,
    progress,
    busy,
    choose,
    upload: send,
  } = useImageUpload('Failed to update event image', async (uploadURL) => {
    await setImage.mutateAsync({ id: event.id, imageUrl: uploadURL });
  });
  const upload = async () => {
    if (!(await send())) return;
    toast.success('Event image uploaded successfully');
    onDone();
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        One image (JPEG, PNG, WebP or GIF), at most 5 MB. It replaces the current image of “{event.name}”.
      </Text>
      <FileInput
        label="Event image"
        placeholder="Choose an image"
        accept="image/*"
        value={file}
        onChange={choose}
        clearable
        disabled={busy}
      />
      {problem && (
        <Alert color="red" variant="light">
          {problem}
        </Alert>
      )}
      {progress !== null && (
        <Stack gap={4}>
          <Progress value={progress} aria-label="Upload progress" animated={busy && progress < 100} />
          <Text size="xs" c="dimmed">
            {progress < 100 ? `Uploading... ${progress}%` : busy ? 'Processing image... 100%' : '100%'}
          </Text>
        </Stack>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={() => void upload()} disabled={!file || !!problem} loading={busy}>
          Upload
        </Button>
      </Group>
    </Stack>
  );
}
