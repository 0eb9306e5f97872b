import { ActionIcon, Box } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useRouterState } from '@tanstack/react-router';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useAuth } from '../../lib/use-auth';
import { LineIcon } from '../../components/line-icon';
import { useOverControls } from './use-over-controls';
import { BUTTON_SIZE, ChatPanel, GAP, loadConversation, safe, Z_INDEX } from './chat-panel';

/** The portal's Assistant tab shows this same conversation: no second one floating over it. */
function useOnAssistantTab(): boolean {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const tab = useRouterState({ select: (s) => String((s.location.search as { tab?: unknown }).tab ?? '') });
  const { isAuthenticated } = useAuth();
  // '/' is the portal too when signed in.
  return tab === 'chat' && (pathname === '/member' || (pathname === '/' && isAuthenticated));
}

function ChatBubbleIcon() {
  return (
    <LineIcon size={28}>
      <path d="M21 11.5a8.38 8.38 0 0 1-.9 3.8 8.5 8.5 0 0 1-7.6 4.7 8.38 8.38 0 0 1-3.8-.9L3 21l1.9-5.7a8.38 8.38 0 0 1-.9-3.8 8.5 8.5 0 0 1 4.7-7.6 8.38 8.38 0 0 1 3.8-.9h.5a8.48 8.48 0 0 1 8 8v.5z" />
    </LineIcon>
  );
}

/**
 * On every page a round button bottom-right that opens the assistant's panel. It never covers a
 * control: while one is under it, it steps aside (still reachable with the keyboard, and back on focus).
 */
export function ChatWidget() {
  const hidden = useOnAssistantTab();
  const [opened, setOpened] = useState(false);
  const phone = useMediaQuery('(max-width: 36em)');
  const button = useRef<HTMLButtonElement>(null);
  // Over a form field or a button the round button steps aside (it comes back over text, or when focused).
  const overControls = useOverControls(button);
  const [focused, setFocused] = useState(false);
  const aside = overControls && !opened && !focused;
  const panelId = useId();
  const titleId = useId();

  // On the assistant tab the panel closes (and stays closed when the member leaves the tab).
  if (hidden && opened) setOpened(false);

  if (hidden) return null;

  const close = () => {
    setOpened(false);
    // The button is not rendered under the phone panel; it is back by the time this runs.
    requestAnimationFrame(() => button.current?.focus());
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.stopPropagation();
    close();
  };

  return (
    <>
      {/* On phones the page ends with room for the button, so it never sits over the footer's text. */}
      <Box
        hiddenFrom="sm"
        aria-hidden
        style={{ height: safe('bottom', BUTTON_SIZE + 2 * GAP), background: 'var(--mantine-color-gray-0)', flexShrink: 0 }}
      />
      {opened && <ChatPanel panelId={panelId} titleId={titleId} phone={phone} onKeyDown={onKeyDown} close={close} />}
      {!(opened && phone) && (
        <ActionIcon
          ref={button}
          size={BUTTON_SIZE}
          radius="xl"
          variant="filled"
          aria-label="Open the fishing assistant"
          aria-expanded={opened}
          aria-controls={opened ? panelId : undefined}
          aria-haspopup="dialog"
          onClick={() => (opened ? close() : setOpened(true))}
          onKeyDown={opened ? onKeyDown : undefined}
          onPointerEnter={() => void loadConversation()}
          onFocus={() => {
            setFocused(true);
            void loadConversation();
          }}
          onBlur={() => setFocused(false)}
          data-aside={aside || undefined}
          style={{
            position: 'fixed',
            right: safe('right', GAP),
            bottom: safe('bottom', GAP),
            zIndex: Z_INDEX,
            boxShadow: 'var(--mantine-shadow-lg)',
            transition: 'opacity 150ms ease, transform 150ms ease',
            ...(aside ? { opacity: 0, transform: `translateX(${BUTTON_SIZE / 2}px)`, pointerEvents: 'none' } : {}),
          }}
        >
          <ChatBubbleIcon />
        </ActionIcon>
      )}
    </>
  );
}
