import { useCallback, useEffect, useRef, useState } from 'react';
import { GPS_UNAVAILABLE } from '../../../shared/catches.schema';
import { currentGpsText } from './photo';

/** Shown while the phone looks for its position. */
export const LOCATING = 'Getting location...';

/** The catch photo and where the phone was when it was chosen (the GPS is looked up as the photo is taken). */
export function useCatchPhoto() {
  const [photo, setPhoto] = useState<File | null>(null);
  const [gps, setGps] = useState<string | null>(null);
  // A new key empties the file input after a catch is logged.
  const [inputKey, setInputKey] = useState(0);
  // Only the newest lookup may set the GPS text (a photo chosen again, or the form cleared, outdates the last one).
  const gpsRequest = useRef(0);
  // A thumbnail of the chosen photo, so the angler sees it is the right one (released when it changes or goes).
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const preview = useRef<string | null>(null);
  const showPreview = (file: File | null) => {
    if (preview.current) URL.revokeObjectURL(preview.current);
    preview.current = file ? URL.createObjectURL(file) : null;
    setPreviewUrl(preview.current);
  };
  useEffect(() => {
    const chosen = preview;
    return () => {
      if (chosen.current) URL.revokeObjectURL(chosen.current);
    };
  }, []);

  const choose = (file: File | null) => {
    setPhoto(file);
    showPreview(file);
    const request = ++gpsRequest.current;
    if (!file) return setGps(null);
    setGps(LOCATING);
    void currentGpsText().then((text) => {
      if (gpsRequest.current === request) setGps(text);
    });
  };

  // The file input, so a catch put back on the form shows its photo as chosen.
  const inputRef = useRef<HTMLInputElement | null>(null);
  const bindInput = useCallback((input: HTMLInputElement | null) => {
    inputRef.current = input;
  }, []);

  /** Puts back the photo and position of a catch the club refused, without looking the position up again. */
  const restore = (file: Blob, gpsText: string) => {
    const chosen = file instanceof File ? file : new File([file], 'catch.jpg', { type: file.type });
    setPhoto(chosen);
    showPreview(chosen);
    gpsRequest.current++;
    setGps(gpsText);
    if (inputRef.current && typeof DataTransfer === 'function') {
      const transfer = new DataTransfer();
      transfer.items.add(chosen);
      inputRef.current.files = transfer.files;
    }
  };

  const clear = () => {
    setPhoto(null);
    showPreview(null);
    setGps(null);
    setInputKey((k) => k + 1);
    gpsRequest.current++;
  };

  return {
    photo,
    /** An address of the chosen photo for a thumbnail on the form, or null. */
    previewUrl,
    /** What the form shows under the photo: null, 'Getting location...' or the position. */
    gps,
    /** What is sent: the position, or GPS_UNAVAILABLE while it is unknown. */
    gpsToSend: gps && gps !== LOCATING ? gps : GPS_UNAVAILABLE,
    inputKey,
    /** The file input's ref. */
    bindInput,
    choose,
    restore,
    clear,
  };
}
