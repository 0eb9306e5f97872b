import { Center, CloseButton, Group, Loader, Paper, Title } from '@mantine/core';
import { lazy, Suspense, type CSSProperties, type KeyboardEvent } from 'react';

// The conversation (and its input, list, link handling) is a chunk of its own, fetched on first
// open (or when the pointer reaches the button); the page bundle carries only the round button.
export const loadConversation = () => import('../../components/chat-conversation');
const ChatConversation = lazy(loadConversation);

export const Z_INDEX = 150; // above the sticky header (100), below dialogs and drawers (200)
export const GAP = 16;
export const BUTTON_SIZE = 56;
export const safe = (side: 'top' | 'right' | 'bottom' | 'left', px: number) => `calc(${px}px + env(safe-area-inset-${side}, 0px))`;

/** The assistant's panel: full screen on a phone, above the round button otherwise. */
export function ChatPanel({
  panelId,
  titleId,
  phone,
  onKeyDown,
  close,
}: {
  panelId: string;
  titleId: string;
  phone: boolean | undefined;
  onKeyDown: (event: KeyboardEvent) => void;
  close: () => void;
}) {
  const panelPlace: CSSProperties = phone
    ? { top: safe('top', 8), right: safe('right', 8), bottom: safe('bottom', 8), left: safe('left', 8) }
    : {
        right: safe('right', GAP),
        bottom: safe('bottom', GAP + BUTTON_SIZE + 12),
        width: 360,
        maxWidth: `calc(100vw - ${2 * GAP}px)`,
        height: 520,
        maxHeight: `calc(100dvh - ${GAP + BUTTON_SIZE + 12 + GAP}px - env(safe-area-inset-top, 0px) - env(safe-area-inset-bottom, 0px))`,
      };
  return (
    <Paper
      id={panelId}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      withBorder
      shadow="xl"
      radius="md"
      style={{ position: 'fixed', zIndex: Z_INDEX, display: 'flex', flexDirection: 'column', overflow: 'hidden', ...panelPlace }}
    >
      <Group
        justify="space-between"
        wrap="nowrap"
        px="md"
        py="xs"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', background: 'var(--mantine-color-blue-0)' }}
      >
        <Title order={2} size="h5" id={titleId}>
          Fishing Assistant
        </Title>
        <CloseButton aria-label="Close the assistant" onClick={close} />
      </Group>
      <div style={{ flex: 1, minHeight: 0, padding: 'var(--mantine-spacing-sm)' }}>
        <Suspense
          fallback={
            <Center h="100%">
              <Loader size="sm" aria-label="Loading the assistant" />
            </Center>
          }
        >
          <ChatConversation autoFocus onNavigate={phone ? close : undefined} />
        </Suspense>
      </div>
    </Paper>
  );
}
