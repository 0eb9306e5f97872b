import { Anchor, Box, Button, Group, Stack, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { CHAT_MAX_LENGTH, CHAT_TOO_LONG, chatRefusal } from '../../shared/chat';
import { formatClubTime } from '../../shared/dates';
import type { ChatLink, ChatMessage } from './chat-provider';
import { useChatConversation, type ChatConversationState } from './use-chat-conversation';

/** The character count shows once the question gets this close to the limit. */
const COUNT_FROM = CHAT_MAX_LENGTH - 100;

const TYPING_CSS = `
.tcac-chat-dots{display:inline-flex;gap:3px;align-items:center}
.tcac-chat-dots span{width:6px;height:6px;border-radius:50%;background:currentColor;opacity:.3;animation:tcac-chat-blink 1.2s infinite ease-in-out}
.tcac-chat-dots span:nth-child(2){animation-delay:.2s}
.tcac-chat-dots span:nth-child(3){animation-delay:.4s}
@keyframes tcac-chat-blink{0%,80%,100%{opacity:.3;transform:translateY(0)}40%{opacity:1;transform:translateY(-3px)}}
@media (prefers-reduced-motion:reduce){.tcac-chat-dots span{animation:none;opacity:.6}}
`;

type LinkTarget =
  | { kind: 'internal'; to: string; search: Record<string, string>; hash: string }
  | { kind: 'external'; href: string }
  | { kind: 'mail'; href: string };

/** Where a reply's link goes: a page of this site, an https page elsewhere, or an e-mail; anything else is dropped. */
function linkTarget(url: string): LinkTarget | null {
  try {
    if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) {
      const base = 'http://site.invalid';
      const parsed = new URL(url, base);
      if (parsed.origin !== base) return null;
      return {
        kind: 'internal',
        to: parsed.pathname,
        search: Object.fromEntries(parsed.searchParams),
        hash: parsed.hash.replace(/^#/, ''),
      };
    }
    const parsed = new URL(url);
    if (parsed.protocol === 'https:') return { kind: 'external', href: parsed.href };
    if (parsed.protocol === 'mailto:') return { kind: 'mail', href: parsed.href };
  } catch {
    // Not a URL at all.
  }
  return null;
}

function ReplyLink({ link, onNavigate }: { link: ChatLink; onNavigate?: () => void }) {
  const target = linkTarget(link.url);
  if (!target) return null;
  if (target.kind === 'internal') {
    return (
      <Anchor
        component={Link}
        to={target.to as never}
        search={target.search as never}
        hash={target.hash || undefined}
        size="sm"
        onClick={onNavigate}
      >
        {link.title}
      </Anchor>
    );
  }
  if (target.kind === 'mail') {
    return (
      <Anchor href={target.href} size="sm">
        {link.title}
      </Anchor>
    );
  }
  return (
    <Anchor href={target.href} target="_blank" rel="noopener noreferrer" size="sm">
      {link.title}
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
      <span aria-hidden> ↗</span>
    </Anchor>
  );
}

function MessageBubble({ message, onNavigate }: { message: ChatMessage; onNavigate?: () => void }) {
  const fromBot = message.sender === 'bot';
  const links = fromBot ? (message.links ?? []).filter((l) => linkTarget(l.url)) : [];
  return (
    <Box
      data-testid={fromBot ? 'chat-bot-message' : 'chat-user-message'}
      style={{ alignSelf: fromBot ? 'flex-start' : 'flex-end', maxWidth: '85%' }}
    >
      <Box
        px="sm"
        py={8}
        style={{
          borderRadius: 'var(--mantine-radius-lg)',
          borderBottomLeftRadius: fromBot ? 'var(--mantine-radius-xs)' : undefined,
          borderBottomRightRadius: fromBot ? undefined : 'var(--mantine-radius-xs)',
          background: fromBot ? 'var(--mantine-color-gray-1)' : 'var(--mantine-color-blue-filled)',
          color: fromBot ? 'var(--mantine-color-text)' : 'var(--mantine-color-white)',
        }}
      >
        <VisuallyHidden>{fromBot ? 'Assistant:' : 'You:'}</VisuallyHidden>
        {/* Plain text, line breaks kept; never HTML. */}
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.text}
        </Text>
        {links.length > 0 && (
          <Box component="ul" aria-label="Related pages" mt={6} p={0} style={{ listStyle: 'none', margin: 0, marginTop: 6 }}>
            {links.map((link, i) => (
              <li key={`${link.url}-${i}`}>
                <ReplyLink link={link} onNavigate={onNavigate} />
              </li>
            ))}
          </Box>
        )}
      </Box>
      <Text size="xs" c="dimmed" ta={fromBot ? 'left' : 'right'} mt={2} component="time" dateTime={message.timestamp} display="block">
        {formatClubTime(message.timestamp)}
      </Text>
    </Box>
  );
}

function TypingIndicator() {
  return (
    <Group gap={6} c="dimmed" wrap="nowrap">
      <Text size="sm" c="dimmed">
        Assistant is typing…
      </Text>
      <span className="tcac-chat-dots" aria-hidden>
        <span />
        <span />
        <span />
      </span>
    </Group>
  );
}

/** The question: sent with the button or Enter, with a character count near the limit and a message past it. */
function ChatInput({ state }: { state: ChatConversationState }) {
  const { draft, setDraft, pending, input, onSubmit, onKeyDown } = state;
  const inputId = useId();
  const tooLong = chatRefusal(draft) === 'too-long';
  const count = draft.length >= COUNT_FROM ? `${draft.length} / ${CHAT_MAX_LENGTH} characters` : undefined;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <VisuallyHidden renderRoot={(props) => <label {...props} htmlFor={inputId} />}>Message</VisuallyHidden>
        <Textarea
          ref={input}
          id={inputId}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          placeholder="Ask about membership, events, rules…"
          autosize
          minRows={1}
          maxRows={4}
          maxLength={CHAT_MAX_LENGTH}
          disabled={pending}
          error={tooLong ? CHAT_TOO_LONG : undefined}
          description={tooLong ? undefined : count}
          inputWrapperOrder={['input', 'description', 'error']}
          style={{ flex: 1 }}
        />
        <Button type="submit" disabled={pending}>
          Send
        </Button>
      </Group>
    </form>
  );
}

export interface ChatConversationProps {
  /** Put the cursor in the input when shown (the widget's panel). */
  autoFocus?: boolean;
  /** Called when a link to a page of this site is followed. */
  onNavigate?: () => void;
}

/**
 * The conversation shared by the floating widget and the portal's Assistant tab.
 * Fills its parent's height: messages scroll, the input stays at the bottom.
 */
export function ChatConversation({ autoFocus = false, onNavigate }: ChatConversationProps) {
  const state = useChatConversation(autoFocus);
  const { messages, pending, list } = state;

  return (
    <Stack gap="xs" h="100%" style={{ minHeight: 0 }}>
      <style href="tcac-chat-typing" precedence="default">
        {TYPING_CSS}
      </style>
      <Box
        ref={list}
        role="log"
        aria-label="Conversation"
        style={{ flex: 1, minHeight: 0, overflowY: 'auto', overscrollBehavior: 'contain' }}
        px={4}
      >
        <Stack gap="sm" py={4}>
          {messages.map((message) => (
            <MessageBubble key={message.id} message={message} onNavigate={onNavigate} />
          ))}
        </Stack>
      </Box>
      <Box aria-live="polite" aria-atomic="true" mih={22} px={4}>
        {pending && <TypingIndicator />}
      </Box>
      <ChatInput state={state} />
    </Stack>
  );
}

export default ChatConversation;
