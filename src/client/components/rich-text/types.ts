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
