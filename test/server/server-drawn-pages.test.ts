import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverDrawnPages } from '../../src/server/http/server-drawn-pages';
import { EXAMPLE_CLUB_PROFILE, EXAMPLE_MEMBERSHIP_RULES } from '../../src/shared/club-example';
import { answersIn, fakeBuiltClient, OPENING } from '../support/fake-client';
import { startTestApp, type TestApp } from '../support/test-app';

// A build's server-side drawing that draws the page's address and the reads it was given, and counts its drawings;
// it fails for /sponsor, as a component that throws on the server would.
const RENDER = `
let drawings = 0;
export async function renderPage(url, answers) {
  if (url.startsWith('/sponsor')) throw new Error('window is not defined');
  drawings += 1;
  return { html: '<main><h1>' + url + '</h1><p>' + answers.map((a) => a.path).join(',') + '</p><p>drawing ' + drawings + '</p></main>', drawnAt: 1796500000000 };
}`;

const built = fakeBuiltClient({ render: RENDER });
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clientDir: built.dir });
});
afterAll(async () => {
  await t?.close();
  built.remove();
});

const open = async (path: string) => {
  const res = await t.client().fetch(path, { headers: OPENING });
  return { status: res.status, html: await res.text() };
};
const root = (html: string) => /<div id="root"[^>]*>.*?<\/div>/s.exec(html)?.[0] ?? '';

describe('first screens drawn on the server', () => {
  it('puts the drawing of a page from its first answers in the root, saying when it was drawn', async () => {
    const { status, html } = await open('/public');
    expect(status).toBe(200);
    const drawn = root(html);
    expect(drawn).toMatch(/^<div id="root" data-drawn-at="1796500000000"><main><h1>\/public<\/h1>/);
    // Drawn from the very answers the page carries for the app.
    expect(drawn).toContain(
      `<p>${answersIn(html)
        .map((a) => a.path)
        .join(',')}</p>`,
    );
  });

  it('draws a page once a minute for the same answers (every visitor of the landing page), and again for other ones', async () => {
    const minute = () => Math.floor(Date.now() / 60_000);
    let first: string;
    let again: string;
    let at: number;
    // Both within one minute of the clock (read again if it turned over between them).
    do {
      at = minute();
      first = root((await open('/')).html);
      again = root((await open('/')).html);
    } while (minute() !== at);
    expect(again).toBe(first);
    expect(root((await open('/public?from=news')).html)).not.toBe(first);
  });

  it('opens the pages it does not draw, and a page whose drawing fails, with the header bar for the app to draw', async () => {
    for (const path of ['/admin', '/member?from=home-screen', '/sponsor']) {
      const { status, html } = await open(path);
      expect(status).toBe(200);
      expect(html).not.toContain('data-drawn-at');
      expect(root(html)).toContain('<header');
      // The page still carries its answers: the app draws it from them.
      expect(answersIn(html).length).toBeGreaterThan(0);
    }
  });
});

describe("the club's profile in a drawing", () => {
  // A drawing that names the club it was given, and counts its drawings.
  const naming = fakeBuiltClient({
    render: `let drawings = 0;
export async function renderPage(url, answers, club) {
  drawings += 1;
  return { html: '<h1>' + (club ? club.name : '') + '</h1><p>drawing ' + drawings + '</p>', drawnAt: 1796500000000 };
}`,
  });
  afterAll(() => naming.remove());
  const log = { warn: () => undefined } as unknown as Parameters<NonNullable<ReturnType<typeof serverDrawnPages>>>[0];

  it('draws in the name of the profile the page carries, and again when the club changes its name', async () => {
    const draw = serverDrawnPages(naming.dir)!;
    const bay = { ...EXAMPLE_CLUB_PROFILE, name: 'Moreton Bay Anglers Club' };
    const minute = () => Math.floor(Date.now() / 60_000);
    let at: number;
    let drawings: (string | undefined)[];
    // All three within one minute of the clock (drawn again if it turned over between them).
    do {
      at = minute();
      drawings = [];
      for (const club of [EXAMPLE_CLUB_PROFILE, EXAMPLE_CLUB_PROFILE, bay])
        drawings.push((await draw(log, '/', [], club, EXAMPLE_MEMBERSHIP_RULES))?.html);
    } while (minute() !== at);
    const [first, , renamed] = drawings.map((html) => html?.replace(/<p>.*/, ''));
    expect(first).toBe(`<h1>${EXAMPLE_CLUB_PROFILE.name}</h1>`);
    // The same profile's page is drawn once; another name draws it afresh.
    expect(drawings[1]).toBe(drawings[0]);
    expect(renamed).toBe('<h1>Moreton Bay Anglers Club</h1>');
    expect(drawings[2]).not.toBe(drawings[0]);
  });
});
