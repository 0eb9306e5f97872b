import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { RichTextEditor, type UploadImage } from '../../src/client/components/rich-text-editor';

/** A form with the editor and, under it, the HTML it gives (what the form would save). */
function Form({ initial = '', uploadImage, error }: { initial?: string; uploadImage?: UploadImage; error?: string }) {
  const [html, setHtml] = useState(initial);
  return (
    <MantineProvider>
      <RichTextEditor label="Page content" value={html} onChange={setHtml} uploadImage={uploadImage} error={error} />
      <output data-testid="html">{html}</output>
      <button type="button" onClick={() => setHtml('<p>Replaced from outside</p>')}>
        Use the template
      </button>
    </MantineProvider>
  );
}

/**
 * Types key by key, letting the editor take in each key before the next (ProseMirror reads typing from the page
 * after the browser has changed it; in jsdom a burst of keys can arrive before it has).
 */
async function typeInto(user: ReturnType<typeof userEvent.setup>, text: string) {
  for (const key of text) {
    await user.keyboard(key);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const saved = () => screen.getByTestId('html').textContent ?? '';

async function openEditor(props: Parameters<typeof Form>[0] = {}) {
  const user = userEvent.setup();
  render(<Form {...props} />);
  const text = await screen.findByRole('textbox', { name: 'Page content' });
  return { user, text };
}

/** An upload the test finishes (or fails) by hand, reporting progress on the way. */
function controlledUpload() {
  const files: File[] = [];
  let progress: ((percent: number) => void) | undefined;
  let settle: { resolve: (v: Awaited<ReturnType<UploadImage>>) => void; reject: (e: Error) => void } | undefined;
  const uploadImage: UploadImage = (file, onProgress) =>
    new Promise((resolve, reject) => {
      files.push(file);
      progress = onProgress;
      settle = { resolve, reject };
    });
  return {
    uploadImage,
    files,
    progress: (percent: number) => progress?.(percent),
    finish: (image: Awaited<ReturnType<UploadImage>>) => settle?.resolve(image),
    fail: (message: string) => settle?.reject(new Error(message)),
  };
}

/** Mantine's FileInput is a button with a hidden file input beside it. */
const fileInput = (panel: HTMLElement) => panel.querySelector('input[type="file"]') as HTMLInputElement;

const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'bream.jpg', { type: 'image/jpeg' });

describe('RichTextEditor: writing a page like a document', () => {
  it('is a labelled textbox with a labelled toolbar of 44 px buttons; typing gives HTML', async () => {
    const { user, text } = await openEditor();
    const toolbar = screen.getByRole('toolbar', { name: 'Page content: formatting' });
    for (const name of ['Heading 2', 'Heading 3', 'Bold', 'Italic', 'Bullet list', 'Numbered list', 'Link', 'Remove link', 'Undo', 'Redo'])
      expect(within(toolbar).getByRole('button', { name })).toBeTruthy();
    // No image button without an upload to use.
    expect(within(toolbar).queryByRole('button', { name: 'Image' })).toBeNull();

    await user.click(text);
    await typeInto(user, 'Fishing the Tweed');
    await waitFor(() => expect(saved()).toBe('<p>Fishing the Tweed</p>'));
  });

  it('makes the line a heading, and bold text, from the toolbar', async () => {
    const { user, text } = await openEditor();
    await user.click(text);
    await typeInto(user, 'Where to fish');
    // ProseMirror reads what was typed from the page a moment later: the text is in before the next command.
    await waitFor(() => expect(saved()).toBe('<p>Where to fish</p>'));
    await user.click(screen.getByRole('button', { name: 'Heading 2' }));
    await waitFor(() => expect(saved()).toBe('<h2>Where to fish</h2>'));
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    await typeInto(user, 'Fingal Head');
    await waitFor(() => expect(saved()).toBe('<h2>Where to fish</h2><p><strong>Fingal Head</strong></p>'));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(saved()).not.toContain('Fingal Head'));
  });

  it('links the selected words, refusing an address a page cannot link to', async () => {
    const { user, text } = await openEditor({ initial: '<p>Read the bag limits first.</p>' });
    await user.click(text);
    await user.keyboard('{Control>}a{/Control}');
    await user.click(screen.getByRole('button', { name: 'Link' }));
    const address = await screen.findByRole('textbox', { name: /Link address/ });
    await user.type(address, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Add link' }));
    expect(await screen.findByText(/Enter a web address \(https:\/\/\.\.\.\), a page of this site/)).toBeTruthy();
    expect(saved()).not.toContain('<a');

    await user.clear(address);
    await user.type(address, 'www.dpi.nsw.gov.au/fishing{Enter}');
    await waitFor(() => expect(saved()).toBe('<p><a href="https://www.dpi.nsw.gov.au/fishing">Read the bag limits first.</a></p>'));
    expect(screen.queryByRole('textbox', { name: /Link address/ })).toBeNull();

    await user.click(text);
    await user.click(screen.getByRole('button', { name: 'Remove link' }));
    await waitFor(() => expect(saved()).toBe('<p>Read the bag limits first.</p>'));
  });

  it('uploads an image in place: progress, then the image with its size and description where the cursor was', async () => {
    const upload = controlledUpload();
    const { user, text } = await openEditor({ initial: '<p>Our best bream this year.</p>', uploadImage: upload.uploadImage });
    await user.click(text);
    await user.click(screen.getByRole('button', { name: 'Image' }));
    const panel = await screen.findByRole('group', { name: 'Insert an image' });

    // Both the file and a description are asked for.
    await user.click(within(panel).getByRole('button', { name: 'Upload and insert' }));
    expect(within(panel).getByText('Choose an image to upload.')).toBeTruthy();
    expect(within(panel).getByText(/Describe the image for people who cannot see it/)).toBeTruthy();

    await user.upload(fileInput(panel), photo());
    await user.type(within(panel).getByRole('textbox', { name: /Description/ }), 'A 38 cm bream at Fingal Head');
    await user.click(within(panel).getByRole('button', { name: 'Upload and insert' }));
    await waitFor(() => expect(upload.files.map((f) => f.name)).toEqual(['bream.jpg']));
    upload.progress(40);
    expect(await within(panel).findByText('Uploading... 40%')).toBeTruthy();
    expect(saved()).not.toContain('<img');

    upload.finish({ url: '/api/objects/images/11111111-1111-4111-8111-111111111111.webp', width: 1600, height: 1200 });
    await waitFor(() =>
      expect(saved()).toContain(
        '<img src="/api/objects/images/11111111-1111-4111-8111-111111111111.webp" alt="A 38 cm bream at Fingal Head" width="1600" height="1200">',
      ),
    );
    expect(screen.queryByRole('group', { name: 'Insert an image' })).toBeNull();
  });

  it('says why an upload failed and keeps the chosen file to try again', async () => {
    const upload = controlledUpload();
    const { user, text } = await openEditor({ uploadImage: upload.uploadImage });
    await user.click(text);
    await user.click(screen.getByRole('button', { name: 'Image' }));
    const panel = await screen.findByRole('group', { name: 'Insert an image' });
    await user.upload(fileInput(panel), photo());
    await user.type(within(panel).getByRole('textbox', { name: /Description/ }), 'Flathead');
    await user.click(within(panel).getByRole('button', { name: 'Upload and insert' }));
    await waitFor(() => expect(upload.files).toHaveLength(1));
    upload.fail('That file is not an image. Please choose a JPEG, PNG, WebP or GIF picture.');
    expect(await within(panel).findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('That file is not an image.'));
    expect(saved()).toBe('');

    await user.click(within(panel).getByRole('button', { name: 'Upload and insert' }));
    await waitFor(() => expect(upload.files).toHaveLength(2));
  });

  it('refuses a file that is not an image before sending it', async () => {
    const upload = controlledUpload();
    const { user, text } = await openEditor({ uploadImage: upload.uploadImage });
    await user.click(text);
    await user.click(screen.getByRole('button', { name: 'Image' }));
    const panel = await screen.findByRole('group', { name: 'Insert an image' });
    const input = fileInput(panel);
    input.removeAttribute('accept');
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(panel).findByText(/Please choose an image file/)).toBeTruthy();
    await user.type(within(panel).getByRole('textbox', { name: /Description/ }), 'Notes');
    await user.click(within(panel).getByRole('button', { name: 'Upload and insert' }));
    expect(upload.files).toHaveLength(0);
  });

  it('takes a new value from outside (a template) and shows its field error', async () => {
    const { user } = await openEditor({ initial: '<p>Old text</p>', error: 'Please write the page.' });
    const text = screen.getByRole('textbox', { name: 'Page content' });
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please write the page.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Use the template' }));
    await waitFor(() => expect(text.textContent).toBe('Replaced from outside'));
  });
});
