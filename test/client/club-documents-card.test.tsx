import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ClubSettingsTab } from '../../src/client/features/club-settings/club-settings-tab';
import { useClubDocuments } from '../../src/client/lib/club-documents';
import { EXAMPLE_CLUB_DOCUMENTS } from '../../src/shared/club-example';
import { documentsEdit, type ClubDocuments, type ClubDocumentsEdit } from '../../src/shared/documents';
import { fieldMessage } from './field-message';
import { fill } from './fill';
import { fakeServer, ok, renderWithProviders, trpcError, CLUB_SETTINGS_READS } from './render';

const card = () => within(screen.getByRole('form', { name: 'Club documents' }));
const save = () => card().getByRole('button', { name: 'Save club documents' }) as HTMLButtonElement;
const field = (label: string) => card().getByLabelText(label) as HTMLInputElement;

/** The server's answer to a save: a changed document's words get the day's version. */
const versioned = (sent: { documents: ClubDocumentsEdit }): ClubDocuments => {
  const saved = structuredClone(EXAMPLE_CLUB_DOCUMENTS);
  for (const id of Object.keys(sent.documents) as (keyof ClubDocuments)[]) {
    const changed = sent.documents[id].content !== saved[id].content || sent.documents[id].title !== saved[id].title;
    saved[id] = { ...sent.documents[id], version: changed ? '2026-08-03' : saved[id].version };
  }
  return saved;
};

/** What the join form reads: the title and version of the code of conduct, redrawn when the documents are saved. */
function ConductVersion() {
  const { code_of_conduct: conduct } = useClubDocuments();
  return <p>{`Join form: ${conduct.title} ${conduct.version}`}</p>;
}

describe('Admin → Club settings → Club documents', () => {
  it('shows each document with its version, saves changed words, and the site reads the new version at once', async () => {
    const server = fakeServer({
      ...CLUB_SETTINGS_READS,
      'admin.club.saveDocuments': (sent) => ok(versioned(sent as { documents: ClubDocumentsEdit })),
    });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <ClubSettingsTab />
        <ConductVersion />
      </>,
      server,
    );
    expect(field('Code of conduct: title').value).toBe('Code of Conduct');
    expect(field('Code of conduct: words').value).toContain('3. Our primary activity and {state} fishery laws.');
    expect(card().getAllByText(/^Version 2026-07-01\./)).toHaveLength(4);
    expect(save().disabled).toBe(true);

    await fill(user, field('Code of conduct: words'), '1. Be kind. Treat every angler with respect.');
    await user.click(save());
    expect(await screen.findByText('Club documents saved')).toBeTruthy();
    expect(screen.getByText(/One document has a new version: members are asked to accept it/)).toBeTruthy();
    const edit = documentsEdit(EXAMPLE_CLUB_DOCUMENTS);
    expect(server.mutations().map((c) => [c.procedures[0], c.inputs[0]])).toEqual([
      [
        'admin.club.saveDocuments',
        { documents: { ...edit, code_of_conduct: { ...edit.code_of_conduct, content: '1. Be kind. Treat every angler with respect.' } } },
      ],
    ]);
    expect(screen.getByText('Join form: Code of Conduct 2026-08-03')).toBeTruthy();
    expect(card().getByText(/^Version 2026-08-03\./)).toBeTruthy();
    await waitFor(() => expect(save().disabled).toBe(true));
  });

  it("puts the schema's sentence under an emptied title and sends nothing, and shows the server's under its field", async () => {
    const refusal = 'The waiver needs its words: it cannot be empty.';
    const server = fakeServer({
      ...CLUB_SETTINGS_READS,
      'admin.club.saveDocuments': () => trpcError(400, 'BAD_REQUEST', refusal, { fieldErrors: { 'documents.waiver.content': refusal } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ClubSettingsTab />, server);
    await user.clear(field('Mission and values: title'));
    await user.click(save());
    expect(fieldMessage(field('Mission and values: title'))).toBe('The mission and values needs a title.');
    expect(server.mutations()).toEqual([]);

    await fill(user, field('Mission and values: title'), 'Our Mission');
    await fill(user, field('Waiver: words'), 'Words the server refuses.');
    await user.click(save());
    await waitFor(() => expect(fieldMessage(field('Waiver: words'))).toBe(refusal));
  });
});
