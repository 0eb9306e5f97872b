import { fireEvent, getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_FAILURE, CHAT_MAX_LENGTH, chatGreeting } from '../../src/shared/chat.schema';
import { EXAMPLE_CLUB_PROFILE } from '../../src/shared/club-example';
import { aUser } from './builders';
import { type Answers, type FakeServer, NOT_YET_JOINED, SIGNED_OUT, fakeServer, ok, renderApp, trpcError } from './render';

const CHAT_GREETING = chatGreeting(EXAMPLE_CLUB_PROFILE);

type Server = FakeServer;

const member = aUser();

const REPLY = {
  response: 'A junior membership is $30 a year.\nYou can join from the Home page.',
  links: [
    { title: 'Membership and prices', url: '/public' },
    { title: 'NSW recreational fishing licence', url: 'https://www.dpi.nsw.gov.au/fishing/recreational/licence-fee' },
  ],
};

function chatServer(answer: NonNullable<Answers['chat.ask']> = () => ok(REPLY), options: { signedIn?: boolean } = {}) {
  return fakeServer({ ...SIGNED_OUT, ...NOT_YET_JOINED, 'chat.ask': answer, 'auth.me': () => ok(options.signedIn ? member : null) });
}

/** The inputs of every chat.ask the page sent, in order. */
const asked = (server: Server) =>
  server
    .mutations()
    .flatMap((c) => c.procedures.map((p, i) => [p, c.inputs[i]] as const))
    .filter(([p]) => p === 'chat.ask')
    .map(([, input]) => input);

/** Holds chat.ask answers until `release` is called (everything else answers at once). */
function heldServer(inner: Server) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes('chat.ask')) await gate;
    return inner.fetch(input, init);
  }) as typeof fetch;
  return { server: { ...inner, fetch: fetchFn }, release };
}

const openButton = () => screen.findByRole('button', { name: 'Open the fishing assistant' });

async function openWidget(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await openButton());
  const panel = await screen.findByRole('dialog', { name: 'Fishing Assistant' });
  await within(panel).findByRole('textbox', { name: 'Message' });
  return panel;
}

/** Matches text with its line breaks as they are (the default matcher folds them into spaces). */
const asIs = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };

const messageBox = (within_: HTMLElement) => within(within_).getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;

beforeEach(() => {
  window.sessionStorage.clear();
});

describe('chat widget', () => {
  it('opens from the round button with the greeting, and Escape closes it', async () => {
    const user = userEvent.setup();
    renderApp('/', chatServer());
    const panel = await openWidget(user);
    expect(within(panel).getByText(CHAT_GREETING)).toBeTruthy();
    const input = messageBox(panel);
    expect(input.getAttribute('placeholder')).toBe('Ask about membership, events, rules…');
    expect(input.maxLength).toBe(CHAT_MAX_LENGTH);
    await waitFor(() => expect(document.activeElement).toBe(input));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Fishing Assistant' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open the fishing assistant' })));
  });

  it('Enter sends the trimmed message and shows the reply with its links', async () => {
    const user = userEvent.setup();
    const server = chatServer();
    const { router } = renderApp('/', server);
    const panel = await openWidget(user);

    await user.type(messageBox(panel), '  How much is a junior membership?  {Enter}');
    expect(await within(panel).findByText('How much is a junior membership?')).toBeTruthy();
    // Line breaks of the reply are kept as text.
    expect(await within(panel).findByText('A junior membership is $30 a year.\nYou can join from the Home page.', asIs)).toBeTruthy();
    expect(asked(server)).toEqual([{ message: 'How much is a junior membership?' }]);
    expect(messageBox(panel).value).toBe('');
    // The cursor is back in the input for the next question.
    await waitFor(() => expect(document.activeElement).toBe(messageBox(panel)));

    const internal = within(panel).getByRole('link', { name: 'Membership and prices' });
    expect(internal.getAttribute('href')).toBe('/public');
    expect(internal.getAttribute('target')).toBeNull();
    const external = within(panel).getByRole('link', { name: /NSW recreational fishing licence/ });
    expect(external.getAttribute('href')).toBe('https://www.dpi.nsw.gov.au/fishing/recreational/licence-fee');
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');

    await user.click(internal);
    await waitFor(() => expect(router.state.location.pathname).toBe('/public'));
  });

  it('keeps the search of an internal link and drops links that are neither site paths nor https', async () => {
    const user = userEvent.setup();
    const reply = {
      response: 'See the resources.',
      links: [
        { title: 'NSW Resources', url: '/member?tab=resources' },
        { title: 'Sneaky', url: 'javascript:alert(1)' },
        { title: 'Plain http', url: 'http://example.com/' },
      ],
    };
    renderApp(
      '/',
      chatServer(() => ok(reply)),
    );
    const panel = await openWidget(user);
    await user.type(messageBox(panel), 'Where are the resources?{Enter}');
    await within(panel).findByText('See the resources.');
    expect(within(panel).getByRole('link', { name: 'NSW Resources' }).getAttribute('href')).toBe('/member?tab=resources');
    expect(within(panel).queryByRole('link', { name: 'Sneaky' })).toBeNull();
    expect(within(panel).queryByRole('link', { name: /Plain http/ })).toBeNull();
  });

  it('Shift+Enter adds a new line and does not send', async () => {
    const user = userEvent.setup();
    const server = chatServer();
    renderApp('/', server);
    const panel = await openWidget(user);
    const input = messageBox(panel);
    await user.type(input, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(input.value).toBe('First line\nsecond line');
    expect(asked(server)).toEqual([]);

    await user.keyboard('{Enter}');
    expect(await within(panel).findByText('First line\nsecond line', asIs)).toBeTruthy();
    expect(asked(server)).toEqual([{ message: 'First line\nsecond line' }]);
  });

  it('does not send a blank or whitespace-only message', async () => {
    const user = userEvent.setup();
    const server = chatServer();
    renderApp('/', server);
    const panel = await openWidget(user);
    await user.keyboard('{Enter}');
    await user.type(messageBox(panel), '   {Enter}');
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    expect(asked(server)).toEqual([]);
    expect(within(panel).queryByText('Assistant is typing…')).toBeNull();
    expect(within(panel).queryAllByTestId('chat-user-message')).toHaveLength(0);
  });

  it('refuses a message over the length limit with a hint', async () => {
    const user = userEvent.setup();
    const server = chatServer();
    renderApp('/', server);
    const panel = await openWidget(user);
    // A paste beyond maxLength (or a browser that ignores it).
    fireEvent.change(messageBox(panel), { target: { value: 'x'.repeat(CHAT_MAX_LENGTH + 1) } });
    expect(within(panel).getByText(`Questions are at most ${CHAT_MAX_LENGTH} characters.`)).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    expect(asked(server)).toEqual([]);
    expect(within(panel).queryAllByTestId('chat-user-message')).toHaveLength(0);
  });

  it('shows the typing indicator and disables the input and Send while the reply is pending', async () => {
    const user = userEvent.setup();
    const { server, release } = heldServer(chatServer());
    renderApp('/', server);
    const panel = await openWidget(user);
    await user.type(messageBox(panel), 'When is the next event?{Enter}');

    expect(await within(panel).findByText('Assistant is typing…')).toBeTruthy();
    expect(messageBox(panel).disabled).toBe(true);
    expect((within(panel).getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(panel).getByText('When is the next event?')).toBeTruthy();

    release();
    expect(await within(panel).findByText(/A junior membership is \$30 a year/)).toBeTruthy();
    expect(within(panel).queryByText('Assistant is typing…')).toBeNull();
    expect(messageBox(panel).disabled).toBe(false);
    expect((within(panel).getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the failure message when the reply fails', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderApp(
      '/',
      chatServer(() => trpcError(500, 'INTERNAL_SERVER_ERROR', 'Internal server error')),
    );
    const panel = await openWidget(user);
    await user.type(messageBox(panel), 'Is the club open on Sunday?{Enter}');
    expect(await within(panel).findByText(CHAT_FAILURE)).toBeTruthy();
    expect(messageBox(panel).disabled).toBe(false);
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });

  it('shows markup in a reply as text, never as HTML', async () => {
    const user = userEvent.setup();
    renderApp(
      '/',
      chatServer(() => ok({ response: 'Say <b>x</b><img src=x onerror="alert(1)">', links: [] })),
    );
    const panel = await openWidget(user);
    await user.type(messageBox(panel), 'Hello{Enter}');
    expect(await within(panel).findByText('Say <b>x</b><img src=x onerror="alert(1)">')).toBeTruthy();
    expect(panel.querySelector('b')).toBeNull();
    expect(panel.querySelector('img')).toBeNull();
  });

  it('keeps the conversation when moving to another page', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/', chatServer());
    let panel = await openWidget(user);
    await user.type(messageBox(panel), 'How much is a junior membership?{Enter}');
    await within(panel).findByText(/A junior membership is \$30 a year/);
    await user.click(within(panel).getByRole('button', { name: 'Close the assistant' }));
    expect(screen.queryByRole('dialog', { name: 'Fishing Assistant' })).toBeNull();

    await user.click(screen.getAllByRole('link', { name: 'Sponsors' })[0]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/sponsor'));

    panel = await openWidget(user);
    expect(within(panel).getByText(CHAT_GREETING)).toBeTruthy();
    expect(within(panel).getByText('How much is a junior membership?')).toBeTruthy();
    expect(within(panel).getByText(/A junior membership is \$30 a year/)).toBeTruthy();
  });

  it('keeps the conversation through a reload of the tab', async () => {
    const user = userEvent.setup();
    const first = renderApp('/', chatServer());
    const panel = await openWidget(user);
    await user.type(messageBox(panel), 'How much is a junior membership?{Enter}');
    await within(panel).findByText(/A junior membership is \$30 a year/);
    first.unmount();

    renderApp('/sponsor', chatServer());
    const again = await openWidget(user);
    expect(within(again).getByText('How much is a junior membership?')).toBeTruthy();
    expect(within(again).getByRole('link', { name: 'Membership and prices' }).getAttribute('href')).toBe('/public');
  });

  it('keeps only the newest 50 messages for a reload', async () => {
    const user = userEvent.setup();
    let n = 0;
    const first = renderApp(
      '/',
      chatServer(() => ok({ response: `Answer ${++n}`, links: [] })),
    );
    const panel = await openWidget(user);
    for (let i = 1; i <= 26; i++) {
      await user.type(messageBox(panel), `Question ${i}{Enter}`);
      await within(panel).findByText(`Answer ${i}`);
    }
    first.unmount();

    renderApp('/', chatServer());
    const again = await openWidget(user);
    // 52 messages after the greeting: the oldest exchange is gone, the greeting still opens the chat.
    expect(within(again).getByText(CHAT_GREETING)).toBeTruthy();
    expect(within(again).queryByText('Question 1')).toBeNull();
    expect(within(again).queryByText('Answer 1')).toBeNull();
    expect(within(again).getByText('Question 2')).toBeTruthy();
    expect(within(again).getByText('Answer 26')).toBeTruthy();
  });
});

describe('portal Assistant tab', () => {
  it('is the same conversation as the widget, and the round button is not shown on it', async () => {
    const user = userEvent.setup();
    const server = chatServer(undefined, { signedIn: true });
    renderApp('/member', server);
    const panel = await openWidget(user);
    await user.type(messageBox(panel), 'How much is a junior membership?{Enter}');
    await within(panel).findByText(/A junior membership is \$30 a year/);

    await user.click(screen.getByRole('tab', { name: 'Assistant' }));
    const tab = await screen.findByRole('tabpanel', { name: 'Assistant' });
    expect(await within(tab).findByText('How much is a junior membership?')).toBeTruthy();
    expect(within(tab).getByText(/A junior membership is \$30 a year/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open the fishing assistant' })).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Fishing Assistant' })).toBeNull();
    expect(within(tab).queryByText('AI assistant functionality will be available soon!')).toBeNull();

    await user.type(within(tab).getByRole('textbox', { name: 'Message' }), 'And the senior fee?{Enter}');
    expect(await within(tab).findByText('And the senior fee?')).toBeTruthy();
    await waitFor(() => expect(within(tab).getAllByTestId('chat-bot-message')).toHaveLength(3));
    expect(asked(server)).toEqual([{ message: 'How much is a junior membership?' }, { message: 'And the senior fee?' }]);

    // Back on another tab, the button returns and its panel holds the whole conversation.
    await user.click(screen.getByRole('tab', { name: 'Dashboard' }));
    const again = await openWidget(user);
    expect(within(again).getByText('And the senior fee?')).toBeTruthy();
  });

  it('opens straight on /member?tab=chat with the greeting', async () => {
    renderApp('/member?tab=chat', chatServer(undefined, { signedIn: true }));
    const tab = await screen.findByRole('tabpanel', { name: 'Assistant' });
    expect(await within(tab).findByText(CHAT_GREETING)).toBeTruthy();
    expect(within(tab).getByRole('button', { name: 'Send' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open the fishing assistant' })).toBeNull();
  });
});
