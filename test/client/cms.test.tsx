import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { NewsTab } from '../../src/client/features/cms/news-tab';
import { PagesTab } from '../../src/client/features/cms/pages-tab';
import { SectionsTab } from '../../src/client/features/cms/sections-tab';
import { SettingsTab } from '../../src/client/features/cms/settings-tab';
import type { NewsView, PageView, SectionView, SettingView } from '../../src/shared/cms.schema';
import { anAdmin } from './builders';
import { fieldMessage } from './field-message';
import { type Answers, type FakeServer, SIGNED_OUT, fakeServer, ok, renderApp, renderWithProviders, trpcError } from './render';
import { fill } from './fill';

type Overrides = Answers;

const PAGE_ID = '11111111-1111-4111-8111-111111111111';
const S1 = '22222222-2222-4222-8222-222222222221';
const S2 = '22222222-2222-4222-8222-222222222222';
const S3 = '22222222-2222-4222-8222-222222222223';
const S4 = '22222222-2222-4222-8222-222222222224';
const NEWS_ID = '33333333-3333-4333-8333-333333333333';
const SETTING_ID = '44444444-4444-4444-8444-444444444444';

const PAGE: PageView = {
  id: PAGE_ID,
  title: 'Club History',
  slug: 'club-history',
  content: '<p>Founded on the Tweed.</p>',
  metaDescription: 'How the club began',
  published: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

const LONG = 'Fishing the rivers, estuaries and beaches of the Tweed Coast with friends.';
const SECTIONS: SectionView[] = [
  {
    id: S1,
    pageSlug: 'about',
    sectionKey: 'about_image',
    title: 'About Image',
    contentType: 'image',
    content: 'https://files.example.com/images/a.webp',
    sortOrder: 0,
    published: true,
    updatedAt: '2026-11-01T00:00:00.000Z',
  },
  {
    id: S2,
    pageSlug: 'home',
    sectionKey: 'hero_title',
    title: 'Hero Title',
    contentType: 'text',
    content: LONG,
    sortOrder: 0,
    published: true,
    updatedAt: '2026-11-01T00:00:00.000Z',
  },
  {
    id: S3,
    pageSlug: 'home',
    sectionKey: 'hero_subtitle',
    title: 'Hero Subtitle',
    contentType: 'html',
    content: '',
    sortOrder: 2,
    published: false,
    updatedAt: '2026-11-01T00:00:00.000Z',
  },
];

const ARTICLES: NewsView[] = [
  // 14:30 UTC on 20 November is already 21 November in Sydney.
  {
    id: NEWS_ID,
    title: 'Flathead Classic results',
    excerpt: null,
    content: '<p>Well done all.</p>',
    featuredImageUrl: null,
    published: true,
    publishedAt: '2026-11-20T14:30:00.000Z',
    createdAt: '2026-11-20T14:30:00.000Z',
  },
  {
    id: `${NEWS_ID.slice(0, -1)}4`,
    title: 'Working bee next month',
    excerpt: null,
    content: '<p>Bring gloves.</p>',
    featuredImageUrl: null,
    published: false,
    publishedAt: null,
    createdAt: '2026-11-02T01:00:00.000Z',
  },
];

const SETTINGS: SettingView[] = [
  { id: SETTING_ID, settingKey: 'site_title', settingValue: 'Tweed Anglers', settingType: 'text', description: null },
  {
    id: `${SETTING_ID.slice(0, -1)}5`,
    settingKey: 'max_results',
    settingValue: '10',
    settingType: 'number',
    description: 'Rows on the results board',
  },
];

function cmsServer(overrides: Overrides = {}) {
  return fakeServer({
    'admin.cms.pages.list': () => ok([PAGE]),
    'admin.cms.sections.list': () => ok(SECTIONS),
    'admin.cms.settings.list': () => ok(SETTINGS),
    'admin.cms.news.list': () => ok(ARTICLES),
    ...overrides,
  });
}

/** Every mutation sent, as [procedure, input]. */
const sent = (server: FakeServer) => server.mutations().flatMap((c) => c.procedures.map((p, i) => [p, c.inputs[i]] as const));

const isDisabled = (el: HTMLElement) => el.hasAttribute('disabled');

describe('CMS pages tab', () => {
  it('creates a page: the slug follows the title, the content is written like a document (a heading from the toolbar)', async () => {
    const server = cmsServer({ 'admin.cms.pages.create': () => ok({ ...PAGE, id: PAGE_ID }) });
    const user = userEvent.setup();
    renderWithProviders(<PagesTab />, server);
    const row = await screen.findByTestId('cms-page');
    expect(within(row).getByText('Club History')).toBeTruthy();
    expect(within(row).getByText('/club-history')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Create New Page' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Page' });
    const save = within(dialog).getByRole('button', { name: 'Create Page' });
    expect(isDisabled(save)).toBe(true);
    await fill(user, within(dialog).getByLabelText(/^Title/), 'Our Waters & Ramps');
    const slug = within(dialog).getByLabelText(/^Slug/) as HTMLInputElement;
    expect(slug.value).toBe('our-waters-and-ramps');
    expect(within(dialog).getByText("The page's address: /pages/our-waters-and-ramps")).toBeTruthy();
    expect(isDisabled(save)).toBe(false);

    // No raw HTML: a labelled editor with a toolbar.
    expect(within(dialog).queryByTitle('Preview')).toBeNull();
    const content = await within(dialog).findByRole('textbox', { name: 'Content' });
    await user.click(content);
    await user.paste('Tweed River');
    await user.click(within(dialog).getByRole('button', { name: 'Heading 2' }));

    await user.click(within(dialog).getByLabelText('Published'));
    await user.click(save);
    expect(await screen.findByText('Page created successfully')).toBeTruthy();
    expect(sent(server)).toEqual([
      [
        'admin.cms.pages.create',
        {
          title: 'Our Waters & Ramps',
          slug: 'our-waters-and-ramps',
          metaDescription: '',
          content: '<h2>Tweed River</h2>',
          published: true,
        },
      ],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create New Page' })).toBeNull());
  });

  it("suggests a free slug when another page has the title's, stops following the title once the slug is typed, and marks a taken slug", async () => {
    const server = cmsServer();
    const user = userEvent.setup();
    renderWithProviders(<PagesTab />, server);
    await user.click(await screen.findByRole('button', { name: 'Create New Page' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Page' });
    const title = within(dialog).getByLabelText(/^Title/);
    const slug = within(dialog).getByLabelText(/^Slug/) as HTMLInputElement;
    await fill(user, title, 'Club History');
    expect(slug.value).toBe('club-history-2');

    await user.clear(slug);
    await fill(user, slug, 'club-history');
    expect(fieldMessage(slug)).toBe("The page 'Club History' already has this address. Choose another slug, such as club-history-2.");
    expect(isDisabled(within(dialog).getByRole('button', { name: 'Create Page' }))).toBe(true);
    await user.type(title, ' 1978');
    expect(slug.value).toBe('club-history');
    expect(sent(server)).toEqual([]);
  });

  it('places an uploaded image in the text, with its size and description, through an upload URL', async () => {
    const xhr = installPutXhr();
    const uploadURL = 'http://localhost/api/objects/upload/incoming/55555555-5555-4555-8555-555555555555';
    const image = '/api/objects/images/55555555-5555-4555-8555-555555555555.webp';
    const server = cmsServer({
      'objects.createUpload': () => ok({ uploadURL }),
      'objects.finishImage': () => ok({ url: image, width: 1600, height: 1200 }),
      'admin.cms.pages.update': () => ok(PAGE),
    });
    const user = userEvent.setup();
    try {
      renderWithProviders(<PagesTab />, server);
      await user.click(within(await screen.findByTestId('cms-page')).getByRole('button', { name: 'Edit' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Page' });
      await user.click(await within(dialog).findByRole('textbox', { name: 'Content' }));
      await user.click(within(dialog).getByRole('button', { name: 'Image' }));
      const panel = await within(dialog).findByRole('group', { name: 'Insert an image' });
      await user.upload(
        panel.querySelector('input[type="file"]') as HTMLInputElement,
        new File([new Uint8Array(2048)], 'ramp.jpg', { type: 'image/jpeg' }),
      );
      await fill(user, within(panel).getByRole('textbox', { name: /Description/ }), 'The Chinderah boat ramp');
      await user.click(within(panel).getByRole('button', { name: 'Upload and insert' }));
      await waitFor(() => expect(within(dialog).queryByRole('group', { name: 'Insert an image' })).toBeNull());
      expect(xhr.requests).toMatchObject([{ method: 'PUT', url: uploadURL }]);

      await user.click(within(dialog).getByRole('button', { name: 'Update Page' }));
      expect(await screen.findByText('Page updated successfully')).toBeTruthy();
      const [, update] = sent(server).at(-1)!;
      expect((update as { page: { content: string } }).page.content).toContain(
        `<img src="${image}" alt="The Chinderah boat ramp" width="1600" height="1200">`,
      );
      expect(sent(server).map(([p]) => p)).toEqual(['objects.createUpload', 'objects.finishImage', 'admin.cms.pages.update']);
    } finally {
      xhr.restore();
    }
  });

  it("edits a page in edit mode and shows the server's message when the update fails", async () => {
    const server = cmsServer({ 'admin.cms.pages.update': () => trpcError(409, 'CONFLICT', 'A page with that slug already exists.') });
    const user = userEvent.setup();
    renderWithProviders(<PagesTab />, server);
    await user.click(within(await screen.findByTestId('cms-page')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Page' });
    expect((within(dialog).getByLabelText(/^Slug/) as HTMLInputElement).value).toBe('club-history');
    expect((within(dialog).getByLabelText('Published') as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Update Page' }));
    expect(await screen.findByText('Failed to update page')).toBeTruthy();
    expect(screen.getByText('A page with that slug already exists.')).toBeTruthy();
    expect(sent(server)).toEqual([
      [
        'admin.cms.pages.update',
        {
          id: PAGE_ID,
          page: {
            title: 'Club History',
            slug: 'club-history',
            metaDescription: 'How the club began',
            content: '<p>Founded on the Tweed.</p>',
            published: true,
          },
        },
      ],
    ]);
  });

  it('asks before deleting a page', async () => {
    const server = cmsServer({ 'admin.cms.pages.delete': () => ok({ message: 'Deleted.' }) });
    const user = userEvent.setup();
    renderWithProviders(<PagesTab />, server);
    await user.click(within(await screen.findByTestId('cms-page')).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete page?' });
    expect(sent(server)).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Page deleted successfully')).toBeTruthy();
    expect(sent(server)).toEqual([['admin.cms.pages.delete', { id: PAGE_ID }]]);
  });

  it("shows the server's message when the list cannot load", async () => {
    renderWithProviders(<PagesTab />, cmsServer({ 'admin.cms.pages.list': () => trpcError(403, 'FORBIDDEN', 'Administrators only.') }));
    expect(await screen.findByText('Administrators only.')).toBeTruthy();
  });
});

describe('CMS sections tab', () => {
  it('shows each row: title, type badge, Draft, "pageSlug - sectionKey (Order: n)" and a preview', async () => {
    renderWithProviders(<SectionsTab />, cmsServer());
    const rows = await screen.findAllByTestId('cms-section');
    expect(rows).toHaveLength(3);
    const [image, text, html] = rows;

    expect(within(image).getByText('About Image')).toBeTruthy();
    expect(within(image).getByText('image')).toBeTruthy();
    expect(within(image).getByText('about - about_image (Order: 0)')).toBeTruthy();
    expect(within(image).getByRole('img', { name: 'About Image' }).getAttribute('src')).toBe('https://files.example.com/images/a.webp');
    expect(within(image).queryByText('Draft')).toBeNull();

    expect(within(text).getByText('text')).toBeTruthy();
    expect(within(text).getByText('home - hero_title (Order: 0)')).toBeTruthy();
    expect(within(text).getByText(`${LONG.slice(0, 50)}...`)).toBeTruthy();
    expect(LONG.slice(0, 50)).toHaveLength(50);

    expect(within(html).getByText('html')).toBeTruthy();
    expect(within(html).getByText('Draft')).toBeTruthy();
    expect(within(html).getByText('home - hero_subtitle (Order: 2)')).toBeTruthy();
    expect(within(html).getByText('No content')).toBeTruthy();
  });

  it('filters by page with All Pages plus each page slug found', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SectionsTab />, cmsServer());
    await screen.findAllByTestId('cms-section');
    const filter = screen.getByLabelText('Filter by page') as HTMLSelectElement;
    expect([...filter.options].map((o) => o.textContent)).toEqual(['All Pages', 'about', 'home']);
    await user.selectOptions(filter, 'home');
    expect(screen.getAllByTestId('cms-section').map((r) => within(r).getByText(/ - /).textContent)).toEqual([
      'home - hero_title (Order: 0)',
      'home - hero_subtitle (Order: 2)',
    ]);
    await user.selectOptions(filter, 'All Pages');
    expect(screen.getAllByTestId('cms-section')).toHaveLength(3);
  });

  it('disables Move up at order 0 and sends { id, direction } for the moves, { id } to duplicate', async () => {
    const server = cmsServer({
      'admin.cms.sections.move': () => ok({ ...SECTIONS[2], sortOrder: 1 }),
      'admin.cms.sections.duplicate': () =>
        ok({ ...SECTIONS[1], id: S4, sectionKey: 'hero_title_copy', title: 'Hero Title (Copy)', sortOrder: 1, published: false }),
    });
    const user = userEvent.setup();
    renderWithProviders(<SectionsTab />, server);
    const [, text, html] = await screen.findAllByTestId('cms-section');
    expect(isDisabled(within(text).getByRole('button', { name: 'Move up' }))).toBe(true);
    expect(isDisabled(within(html).getByRole('button', { name: 'Move up' }))).toBe(false);

    await user.click(within(html).getByRole('button', { name: 'Move up' }));
    await waitFor(() => expect(sent(server)).toHaveLength(1));
    await user.click(within(text).getByRole('button', { name: 'Move down' }));
    await waitFor(() => expect(sent(server)).toHaveLength(2));
    await user.click(within(text).getByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByText('Section duplicated successfully')).toBeTruthy();
    expect(sent(server)).toEqual([
      ['admin.cms.sections.move', { id: S3, direction: 'up' }],
      ['admin.cms.sections.move', { id: S2, direction: 'down' }],
      ['admin.cms.sections.duplicate', { id: S2 }],
    ]);
  });

  it('asks "Delete section?" first; Cancel sends nothing, Delete sends the id', async () => {
    const server = cmsServer({ 'admin.cms.sections.delete': () => ok({ message: 'Deleted.' }) });
    const user = userEvent.setup();
    renderWithProviders(<SectionsTab />, server);
    const [, text] = await screen.findAllByTestId('cms-section');
    await user.click(within(text).getByRole('button', { name: 'Delete' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete section?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete section?' })).toBeNull());
    expect(sent(server)).toEqual([]);

    await user.click(within(text).getByRole('button', { name: 'Delete' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete section?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Section deleted successfully')).toBeTruthy();
    expect(sent(server)).toEqual([['admin.cms.sections.delete', { id: S2 }]]);
  });

  it('refuses a template without a page slug, sending nothing', async () => {
    const server = cmsServer();
    const user = userEvent.setup();
    renderWithProviders(<SectionsTab />, server);
    await user.click(await screen.findByRole('button', { name: 'Templates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Section Templates' });
    expect(within(dialog).getByText(/hero_title, hero_subtitle and hero_cta/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Hero Section' }));
    expect(await screen.findByText('Please enter a page slug')).toBeTruthy();
    expect(sent(server)).toEqual([]);
  });

  it('says which sections a template left out because the landing page does not show them', async () => {
    const hero = { ...SECTIONS[1], id: S4, pageSlug: 'landing', sectionKey: 'hero_title', sortOrder: 3 };
    const server = cmsServer({ 'admin.cms.sections.fromTemplate': () => ok([hero]) });
    const user = userEvent.setup();
    renderWithProviders(<SectionsTab />, server);
    await user.click(await screen.findByRole('button', { name: 'Templates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Section Templates' });
    await fill(user, within(dialog).getByLabelText(/^Page Slug/), 'landing');
    await user.click(within(dialog).getByRole('button', { name: 'Hero Section' }));
    expect(await screen.findByText('hero_section template created successfully')).toBeTruthy();
    expect(
      screen.getByText(
        '1 section added at the end of landing: hero_title. Not created, as the landing page does not show them: hero_cta, hero_image.',
      ),
    ).toBeTruthy();
  });

  it('creates sections from a template and says so', async () => {
    const server = cmsServer({ 'admin.cms.sections.fromTemplate': () => ok([]) });
    const user = userEvent.setup();
    renderWithProviders(<SectionsTab />, server);
    await user.click(await screen.findByRole('button', { name: 'Templates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Section Templates' });
    await fill(user, within(dialog).getByLabelText(/^Page Slug/), 'about');
    await user.click(within(dialog).getByRole('button', { name: 'Feature Grid' }));
    expect(await screen.findByText('feature_grid template created successfully')).toBeTruthy();
    expect(sent(server)).toEqual([['admin.cms.sections.fromTemplate', { template: 'feature_grid', pageSlug: 'about' }]]);
  });

  it('says when a template fails', async () => {
    const server = cmsServer({
      'admin.cms.sections.fromTemplate': () => trpcError(409, 'CONFLICT', 'Section hero_title already exists on about.'),
    });
    const user = userEvent.setup();
    renderWithProviders(<SectionsTab />, server);
    await user.click(await screen.findByRole('button', { name: 'Templates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Section Templates' });
    await fill(user, within(dialog).getByLabelText(/^Page Slug/), 'about');
    await user.click(within(dialog).getByRole('button', { name: 'Hero Section' }));
    expect(await screen.findByText('Failed to create template')).toBeTruthy();
    expect(screen.getByText('Section hero_title already exists on about.')).toBeTruthy();
  });

  it('creates a section: disabled until title and key, 6-row text area, published by default, sort order "abc" sent as 0', async () => {
    const server = cmsServer({ 'admin.cms.sections.create': () => ok({ ...SECTIONS[1], id: S4 }) });
    const user = userEvent.setup();
    renderWithProviders(<SectionsTab />, server);
    await user.click(await screen.findByRole('button', { name: 'Create New Section' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Section' });
    const save = within(dialog).getByRole('button', { name: 'Create Section' });
    expect(isDisabled(save)).toBe(true);
    expect(
      within(dialog)
        .getByLabelText(/^Content$/)
        .getAttribute('rows'),
    ).toBe('6');
    expect((within(dialog).getByLabelText('Published') as HTMLInputElement).checked).toBe(true);

    await fill(user, within(dialog).getByLabelText(/^Title/), 'Welcome');
    expect(isDisabled(save)).toBe(true);
    await fill(user, within(dialog).getByLabelText(/^Section Key/), 'welcome_text');
    expect(isDisabled(save)).toBe(false);
    const order = within(dialog).getByLabelText('Sort Order');
    await user.clear(order);
    await user.type(order, 'abc');
    await fill(user, within(dialog).getByLabelText(/^Content$/), 'Hello anglers');
    await user.click(save);
    expect(await screen.findByText('Section created successfully')).toBeTruthy();
    expect(sent(server)).toEqual([
      [
        'admin.cms.sections.create',
        {
          pageSlug: 'home',
          sectionKey: 'welcome_text',
          title: 'Welcome',
          content: 'Hello anglers',
          contentType: 'text',
          sortOrder: 0,
          published: true,
        },
      ],
    ]);
  });

  it('edits an HTML section in edit mode with the rich-text editor', async () => {
    const server = cmsServer({
      'admin.cms.sections.update': () => trpcError(400, 'BAD_REQUEST', 'Sort order must be between 0 and 10,000.'),
    });
    const user = userEvent.setup();
    renderWithProviders(<SectionsTab />, server);
    const [, , html] = await screen.findAllByTestId('cms-section');
    await user.click(within(html).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Section' });
    const content = await within(dialog).findByRole('textbox', { name: 'Content' });
    await user.click(content);
    await user.paste('Big tides');
    await user.click(within(dialog).getByRole('button', { name: 'Update Section' }));
    expect(await screen.findByText('Failed to update section')).toBeTruthy();
    expect(screen.getByText('Sort order must be between 0 and 10,000.')).toBeTruthy();
    expect(sent(server)[0]).toEqual([
      'admin.cms.sections.update',
      {
        id: S3,
        section: {
          pageSlug: 'home',
          sectionKey: 'hero_subtitle',
          title: 'Hero Subtitle',
          content: '<p>Big tides</p>',
          contentType: 'html',
          sortOrder: 2,
          published: false,
        },
      },
    ]);
  });
});

/** Stands in for the browser's network on the image PUT (a raw file body, which fake-xhr.ts's FormData reader does not take). */
function installPutXhr(status = 200) {
  const requests: { method: string; url: string; body: unknown }[] = [];
  const original = globalThis.XMLHttpRequest;
  class PutXhr {
    status = 0;
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = '';
    private url = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    send(body: unknown) {
      requests.push({ method: this.method, url: this.url, body });
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.status = status;
        this.onload?.();
      }, 10);
    }
  }
  globalThis.XMLHttpRequest = PutXhr as unknown as typeof XMLHttpRequest;
  return { requests, restore: () => (globalThis.XMLHttpRequest = original) };
}

describe('CMS section image', () => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  it('uploads through an upload URL, then stores the image address as the content with type image', async () => {
    const xhr = installPutXhr();
    restore = xhr.restore;
    const uploadURL = 'http://localhost/api/objects/upload/incoming/55555555-5555-4555-8555-555555555555';
    const server = cmsServer({
      'objects.createUpload': () => ok({ uploadURL }),
      'objects.finishImage': () => ok({ url: '/api/objects/images/55555555-5555-4555-8555-555555555555.webp', width: 1600, height: 1200 }),
      'admin.cms.sections.create': () => ok({ ...SECTIONS[0], id: S4 }),
    });
    const user = userEvent.setup();
    renderWithProviders(<SectionsTab />, server);
    await user.click(await screen.findByRole('button', { name: 'Create New Section' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Section' });
    await fill(user, within(dialog).getByLabelText(/^Title/), 'Boat ramp');
    await fill(user, within(dialog).getByLabelText(/^Section Key/), 'ramp_image');
    await user.selectOptions(within(dialog).getByLabelText('Content Type'), 'Image');

    const photo = new File([new Uint8Array(2048)], 'ramp.jpg', { type: 'image/jpeg' });
    await user.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, photo);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Image uploaded successfully')).toBeTruthy();
    expect(xhr.requests).toHaveLength(1);
    expect(xhr.requests[0]).toMatchObject({ method: 'PUT', url: uploadURL });
    expect((xhr.requests[0].body as File).name).toBe('ramp.jpg');
    expect((within(dialog).getByLabelText(/^Image URL/) as HTMLInputElement).value).toBe(
      '/api/objects/images/55555555-5555-4555-8555-555555555555.webp',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Create Section' }));
    expect(await screen.findByText('Section created successfully')).toBeTruthy();
    expect(sent(server)).toEqual([
      ['objects.createUpload', undefined],
      ['objects.finishImage', { uploadURL }],
      [
        'admin.cms.sections.create',
        {
          pageSlug: 'home',
          sectionKey: 'ramp_image',
          title: 'Boat ramp',
          content: '/api/objects/images/55555555-5555-4555-8555-555555555555.webp',
          contentType: 'image',
          sortOrder: 0,
          published: true,
        },
      ],
    ]);
  });

  it('refuses an image over 5 MB before any request', async () => {
    const server = cmsServer();
    const user = userEvent.setup();
    renderWithProviders(<SectionsTab />, server);
    await user.click(await screen.findByRole('button', { name: 'Create New Section' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Section' });
    await user.selectOptions(within(dialog).getByLabelText('Content Type'), 'Image');
    const big = new File([new Uint8Array(5_242_881)], 'big.jpg', { type: 'image/jpeg' });
    await user.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, big);
    expect(await within(dialog).findByText('The image is larger than 5 MB.')).toBeTruthy();
    expect(isDisabled(within(dialog).getByRole('button', { name: 'Upload' }))).toBe(true);
    expect(sent(server)).toEqual([]);
  });

  it('says when no upload URL could be had', async () => {
    const server = cmsServer({
      'objects.createUpload': () => trpcError(429, 'TOO_MANY_REQUESTS', 'Too many uploads. Please wait a minute.'),
    });
    const user = userEvent.setup();
    renderWithProviders(<SectionsTab />, server);
    await user.click(await screen.findByRole('button', { name: 'Create New Section' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Section' });
    await user.selectOptions(within(dialog).getByLabelText('Content Type'), 'Image');
    await user.upload(
      dialog.querySelector('input[type="file"]') as HTMLInputElement,
      new File([new Uint8Array(10)], 'a.png', { type: 'image/png' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Failed to get upload URL')).toBeTruthy();
    expect(screen.getByText('Too many uploads. Please wait a minute.')).toBeTruthy();
  });
});

describe('CMS settings tab', () => {
  it('lists key, value, type and description, with known settings described', async () => {
    renderWithProviders(<SettingsTab />, cmsServer());
    const rows = await screen.findAllByTestId('cms-setting');
    const [title, max, contact] = rows;
    expect(within(title).getByText('site_title')).toBeTruthy();
    expect(within(title).getByText('Tweed Anglers')).toBeTruthy();
    expect(within(title).getByText('text')).toBeTruthy();
    expect(within(title).getByText('The name in the browser tab and the footer.')).toBeTruthy();
    expect(within(max).getByText('max_results')).toBeTruthy();
    expect(within(max).getByText('number')).toBeTruthy();
    expect(within(max).getByText('Rows on the results board')).toBeTruthy();
    // A known setting not stored yet shows its default and description.
    expect(within(contact).getByText('contact_email')).toBeTruthy();
    expect(within(contact).getByText('Default')).toBeTruthy();
    expect(within(contact).getByText('Where sponsor notices go; shown in the footer.')).toBeTruthy();
  });

  it('refuses "abc" for a number setting, then saves a number', async () => {
    const server = cmsServer({ 'admin.cms.settings.save': () => ok({ ...SETTINGS[1], settingValue: '12' }) });
    const user = userEvent.setup();
    renderWithProviders(<SettingsTab />, server);
    await user.click(await screen.findByRole('button', { name: 'Create New Setting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Setting' });
    const save = within(dialog).getByRole('button', { name: 'Create Setting' });
    expect(isDisabled(save)).toBe(true);
    await fill(user, within(dialog).getByLabelText(/^Key/), 'results_shown');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'number');
    const value = within(dialog).getByLabelText(/^Value/);
    await user.type(value, 'abc');
    expect(within(dialog).getByText('This setting must be a number.')).toBeTruthy();
    expect(isDisabled(save)).toBe(true);
    await user.clear(value);
    await user.type(value, '12');
    expect(within(dialog).queryByText('This setting must be a number.')).toBeNull();
    expect(isDisabled(save)).toBe(false);
    await user.click(save);
    expect(await screen.findByText('Setting updated successfully')).toBeTruthy();
    expect(sent(server)).toEqual([
      ['admin.cms.settings.save', { settingKey: 'results_shown', settingValue: '12', settingType: 'number', description: '' }],
    ]);
  });

  it("edits a setting and shows the server's message when saving fails", async () => {
    const server = cmsServer({ 'admin.cms.settings.save': () => trpcError(400, 'BAD_REQUEST', 'Setting value is too long.') });
    const user = userEvent.setup();
    renderWithProviders(<SettingsTab />, server);
    const [title] = await screen.findAllByTestId('cms-setting');
    await user.click(within(title).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Setting' });
    const value = within(dialog).getByLabelText(/^Value/);
    await user.clear(value);
    await fill(user, value, 'Tweed Coast Anglers');
    await user.click(within(dialog).getByRole('button', { name: 'Update Setting' }));
    expect(await screen.findByText('Failed to update setting')).toBeTruthy();
    expect(screen.getByText('Setting value is too long.')).toBeTruthy();
    expect(sent(server)).toEqual([
      ['admin.cms.settings.save', { settingKey: 'site_title', settingValue: 'Tweed Coast Anglers', settingType: 'text', description: '' }],
    ]);
  });
});

describe('CMS news tab', () => {
  it('lists title, Published or Draft, and the created date on club time', async () => {
    renderWithProviders(<NewsTab />, cmsServer());
    const [first, second] = await screen.findAllByTestId('cms-article');
    expect(within(first).getByText('Flathead Classic results')).toBeTruthy();
    expect(within(first).getByText('Published')).toBeTruthy();
    expect(within(first).getByText('Created 21/11/2026')).toBeTruthy();
    expect(within(second).getByText('Draft')).toBeTruthy();
    expect(within(second).getByText('Created 02/11/2026')).toBeTruthy();
  });

  it('creates an article: disabled until title and content, publish switch sends published true', async () => {
    const server = cmsServer({ 'admin.cms.news.create': () => ok(ARTICLES[0]) });
    const user = userEvent.setup();
    renderWithProviders(<NewsTab />, server);
    await user.click(await screen.findByRole('button', { name: 'Create New Article' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Article' });
    const save = within(dialog).getByRole('button', { name: 'Create Article' });
    const published = within(dialog).getByLabelText('Published') as HTMLInputElement;
    expect(published.checked).toBe(false);
    await fill(user, within(dialog).getByLabelText(/^Title/), 'Season opener');
    expect(isDisabled(save)).toBe(true);
    await user.click(await within(dialog).findByRole('textbox', { name: 'Content' }));
    await user.paste('See you at the ramp.');
    expect(isDisabled(save)).toBe(false);
    await user.click(published);
    await user.click(save);
    expect(await screen.findByText('Article created successfully')).toBeTruthy();
    expect(sent(server)).toEqual([
      [
        'admin.cms.news.create',
        { title: 'Season opener', excerpt: '', content: '<p>See you at the ramp.</p>', featuredImageUrl: null, published: true },
      ],
    ]);
  });

  it("edits an article in edit mode and shows the server's message on failure", async () => {
    const server = cmsServer({
      'admin.cms.news.update': () =>
        trpcError(400, 'BAD_REQUEST', 'The image must be an address starting with https:// (or an uploaded image).'),
    });
    const user = userEvent.setup();
    renderWithProviders(<NewsTab />, server);
    const [, draft] = await screen.findAllByTestId('cms-article');
    await user.click(within(draft).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Article' });
    await fill(user, within(dialog).getByLabelText(/^Featured Image URL/), 'ftp://x');
    await user.click(within(dialog).getByRole('button', { name: 'Update Article' }));
    expect(await screen.findByText('Failed to update article')).toBeTruthy();
    expect(screen.getByText('The image must be an address starting with https:// (or an uploaded image).')).toBeTruthy();
    expect(sent(server)[0]).toEqual([
      'admin.cms.news.update',
      {
        id: ARTICLES[1].id,
        article: {
          title: 'Working bee next month',
          excerpt: '',
          content: '<p>Bring gloves.</p>',
          featuredImageUrl: 'ftp://x',
          published: false,
        },
      },
    ]);
  });
});

describe('/admin/cms', () => {
  it('shows the title and the four tabs to an administrator', async () => {
    const admin = anAdmin();
    const user = userEvent.setup();
    renderApp('/admin/cms', cmsServer({ ...SIGNED_OUT, 'auth.me': () => ok(admin) }));
    expect(await screen.findByRole('heading', { name: 'Content Management System' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Pages', 'Sections', 'Settings', 'News']);
    expect(await screen.findByText('/club-history')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'News' }));
    expect(await screen.findByText('Flathead Classic results')).toBeTruthy();
  });
});

describe('CMS forms: messages under the fields', () => {
  it("puts the schema's slug sentence under Slug and sends nothing", async () => {
    const server = cmsServer();
    const user = userEvent.setup();
    renderWithProviders(<PagesTab />, server);
    await user.click(await screen.findByRole('button', { name: 'Create New Page' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Page' });
    await fill(user, within(dialog).getByLabelText(/^Title/), 'Our Waters');
    await fill(user, within(dialog).getByLabelText(/^Slug/), 'Our Waters!');
    await user.click(within(dialog).getByRole('button', { name: 'Create Page' }));
    expect(fieldMessage(within(dialog).getByLabelText(/^Slug/))).toBe(
      'Slug may contain lowercase letters, digits and hyphens only (e.g. club-history).',
    );
    expect(sent(server)).toEqual([]);
  });

  it("puts the server's field error under the field it names", async () => {
    const message = 'A page with that slug already exists.';
    const server = cmsServer({ 'admin.cms.pages.update': () => trpcError(409, 'CONFLICT', message, { fieldErrors: { slug: message } }) });
    const user = userEvent.setup();
    renderWithProviders(<PagesTab />, server);
    await user.click(within(await screen.findByTestId('cms-page')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Page' });
    await user.click(within(dialog).getByRole('button', { name: 'Update Page' }));
    await waitFor(() => expect(fieldMessage(within(dialog).getByLabelText(/^Slug/))).toBe(message));
    expect(fieldMessage(within(dialog).getByLabelText(/^Title/))).toBeNull();
  });

  it('puts "Please enter a page slug" under the templates dialog\'s slug', async () => {
    renderWithProviders(<SectionsTab />, cmsServer());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Templates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Section Templates' });
    await user.click(within(dialog).getByRole('button', { name: 'Hero Section' }));
    expect(fieldMessage(within(dialog).getByLabelText(/^Page Slug/))).toBe('Please enter a page slug');
  });
});

describe('CMS menu and footer', () => {
  const ABOUT: PageView = { ...PAGE, id: `${PAGE_ID.slice(0, -1)}2`, title: 'About the club', slug: 'about' };
  const SPOTS: PageView = { ...PAGE, id: `${PAGE_ID.slice(0, -1)}3`, title: 'Secret spots', slug: 'secret-spots', published: false };

  it('picks pages for the menu and the footer, orders them and saves them as the site_navigation setting', async () => {
    const server = cmsServer({
      'admin.cms.pages.list': () => ok([PAGE, ABOUT, SPOTS]),
      'admin.cms.settings.list': () =>
        ok([
          ...SETTINGS,
          {
            id: SETTING_ID.replace(/4$/, '9'),
            settingKey: 'site_navigation',
            settingValue: '{"menu":["club-history"],"footer":[]}',
            settingType: 'json',
            description: null,
          },
        ]),
      'admin.cms.settings.save': (input) =>
        ok({ id: SETTING_ID, description: null, settingType: 'json', ...input, settingValue: input.settingValue }),
    });
    const user = userEvent.setup();
    renderWithProviders(<SettingsTab />, server);
    const card = await screen.findByRole('region', { name: 'Menu and footer' });
    const menu = within(card).getByRole('group', { name: 'Menu' });
    const footer = within(card).getByRole('group', { name: 'Footer' });
    expect(await within(menu).findByText('1. Club History')).toBeTruthy();
    expect(within(footer).getByText('No pages in the footer.')).toBeTruthy();
    const save = within(card).getByRole('button', { name: 'Save menu and footer' });
    expect(isDisabled(save)).toBe(true);

    await user.selectOptions(within(menu).getByLabelText('Add a page to the menu'), 'about');
    await user.click(within(menu).getByRole('button', { name: 'Add to the menu' }));
    await user.click(within(menu).getByRole('button', { name: 'Move About the club up in the menu' }));
    expect(
      within(menu)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1. About the club', '2. Club History']);
    // A draft can be chosen: it shows once published.
    await user.selectOptions(within(footer).getByLabelText('Add a page to the footer'), 'secret-spots');
    await user.click(within(footer).getByRole('button', { name: 'Add to the footer' }));
    expect(within(footer).getByText('Draft')).toBeTruthy();
    await user.click(within(footer).getByRole('button', { name: 'Remove Secret spots from the footer' }));
    await user.selectOptions(within(footer).getByLabelText('Add a page to the footer'), 'about');
    await user.click(within(footer).getByRole('button', { name: 'Add to the footer' }));

    await user.click(save);
    expect(await screen.findByText('Menu and footer saved')).toBeTruthy();
    expect(sent(server)).toEqual([
      [
        'admin.cms.settings.save',
        { settingKey: 'site_navigation', settingType: 'json', settingValue: '{"menu":["about","club-history"],"footer":["about"]}' },
      ],
    ]);
  });
});
