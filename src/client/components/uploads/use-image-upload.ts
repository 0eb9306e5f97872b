import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { toast } from '../toast';
import { imageProblem, putFile } from './send';

/** What an image field shows and does: the chosen file, why it cannot go, the progress of its upload. */
export interface ImageUpload<T = void> {
  file: File | null;
  /** Sets the file without checking it again (clears the field after a finished upload, keeping its progress shown). */
  setFile: (file: File | null) => void;
  problem: string | null;
  /** 0–100 while (and after) the file is sent; null before. */
  progress: number | null;
  busy: boolean;
  choose: (file: File | null) => void;
  /** Resolves with what `finish` gave once the upload has finished, or null when it did not. */
  upload: () => Promise<{ finished: T } | null>;
}

/**
 * The upload flow shared by every image field: choose (checked), get an upload slot, PUT the file with
 * progress, then `finish` with the slot's address. Failures show the error toasts under `failure`.
 */
export function useImageUpload<T = void>(failure: string, finish: (uploadURL: string) => Promise<T>): ImageUpload<T> {
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

  const upload = async (): Promise<{ finished: T } | null> => {
    if (!file || imageProblem(file)) return null;
    setBusy(true);
    try {
      let uploadURL: string | undefined;
      try {
        uploadURL = (await createUpload.mutateAsync()).uploadURL;
      } catch (error) {
        toast.error('Failed to get upload URL', serverMessage(error));
        return null;
      }
      if (!uploadURL) {
        toast.error('Failed to get upload URL', 'No upload URL received from server');
        return null;
      }
      setProgress(0);
      try {
        await putFile(uploadURL, file, setProgress);
        setProgress(100);
        return { finished: await finish(uploadURL) };
      } catch (error) {
        setProgress(null);
        toast.error(failure, serverMessage(error) ?? (error instanceof Error ? error.message : undefined));
        return null;
      }
    } finally {
      setBusy(false);
    }
  };

  return { file, setFile, problem, progress, busy, choose, upload };
}
