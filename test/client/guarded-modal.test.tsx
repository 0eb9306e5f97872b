import { MantineProvider, TextInput } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useSchemaForm } from '../../src/client/components/forms/use-schema-form';
import { GuardedModal } from '../../src/client/components/guarded-modal';

const schema = z.object({ title: z.string().trim().min(1, 'Please enter a title.') });

function ArticleForm() {
  const form = useSchemaForm({ schema, initialValues: { title: '' } });
  return <TextInput label="Title" {...form.inputProps('title')} />;
}

/** A page with a button that opens a dialog holding a form; `closes` counts the dialog's real closes. */
function Page({ dirty }: { dirty?: boolean }) {
  const [opened, setOpened] = useState(false);
  const [closes, setCloses] = useState(0);
  return (
    <MantineProvider>
      <button onClick={() => setOpened(true)}>Write an article</button>
      <p>Closed {closes} times</p>
      <GuardedModal
        opened={opened}
        dirty={dirty}
        onClose={() => {
          setOpened(false);
          setCloses((n) => n + 1);
        }}
        title="New article"
      >
        <ArticleForm />
      </GuardedModal>
    </MantineProvider>
  );
}

async function openDialog() {
  const user = userEvent.setup();
  render(<Page />);
  await user.click(screen.getByRole('button', { name: 'Write an article' }));
  await screen.findByRole('dialog', { name: 'New article' });
  return user;
}

describe('GuardedModal: a dialog with unsaved changes asks before it closes', () => {
  it('closes at once on Escape while nothing has been typed', async () => {
    const user = await openDialog();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New article' })).toBeNull());
    expect(screen.getByText('Closed 1 times')).toBeTruthy();
    expect(screen.queryByText('Discard your changes?')).toBeNull();
  });

  it('asks on Escape once the form holds text: Keep editing keeps the text, Discard changes closes', async () => {
    const user = await openDialog();
    await user.type(screen.getByLabelText('Title'), 'Flathead classic report');
    await user.keyboard('{Escape}');
    await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull());
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Flathead classic report');
    expect(screen.getByText('Closed 0 times')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New article' })).toBeNull());
    expect(screen.getByText('Closed 1 times')).toBeTruthy();
  });

  it('no longer asks when the text is taken back out', async () => {
    const user = await openDialog();
    const title = screen.getByLabelText('Title');
    await user.type(title, 'x');
    await user.clear(title);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New article' })).toBeNull());
  });
});
