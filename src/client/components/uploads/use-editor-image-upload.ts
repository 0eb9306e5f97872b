import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import type { UploadImage } from '../rich-text/types';
import { imageProblem, putFile } from './send';

/**
 * The rich-text editor's `uploadImage` for the site's own images (admins: pages, news, sections, newsletters): an
 * upload slot, the file PUT with progress, then the server's processed image (re-encoded, metadata dropped) with its
 * address and size. Rejects with the sentence to show.
 */
export function useEditorImageUpload(): UploadImage {
  const trpc = useTRPC();
  const { mutateAsync: createUpload } = useMutation(trpc.objects.createUpload.mutationOptions());
  const { mutateAsync: finishImage } = useMutation(trpc.objects.finishImage.mutationOptions());
  return useCallback(
    async (file, onProgress) => {
      const problem = imageProblem(file);
      if (problem) throw new Error(problem);
      const because = (error: unknown, otherwise: string) => new Error(serverMessage(error) ?? otherwise);
      const { uploadURL } = await createUpload().catch((error: unknown) => {
        throw because(error, 'Could not start the upload. Please check your connection and try again.');
      });
      await putFile(uploadURL, file, (percent) => onProgress?.(percent));
      const image = await finishImage({ uploadURL }).catch((error: unknown) => {
        throw because(error, 'The image could not be processed. Please check your connection and try again.');
      });
      return { url: image.url, width: image.width, height: image.height };
    },
    [createUpload, finishImage],
  );
}
