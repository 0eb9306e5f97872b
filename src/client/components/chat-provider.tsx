import { useMutation } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { CHAT_FAILURE, chatGreeting, chatRefusal } from '../../shared/chat';
import { useClub } from '../lib/club-profile';
import { useTRPC } from '../trpc';

export interface ChatLink {
  title: string;
  url: string;
}

/** A chat message (kept on this device only), plus the pages a reply came from. */
export interface ChatMessage {
  id: string;
  text: string;
  sender: 'bot' | 'user';
  /** ISO timestamp. */
  timestamp: string;
  links?: ChatLink[];
}

/** Why `send` did not send: nothing but blanks, or longer than the server accepts. */
export type SendRefusal = 'blank' | 'too-long' | 'busy';

interface ChatApi {
  messages: ChatMessage[];
  /** True while a reply is on its way (typing indicator, input and Send disabled). */
  pending: boolean;
  /** The unsent text in the input, shared by the widget and the portal tab. */
  draft: string;
  setDraft: (text: string) => void;
  /** Sends the trimmed text; returns why it did not, or null when it did. */
  send: (text: string) => SendRefusal | null;
}

/** Where the conversation is kept for the life of the browser tab (a reload keeps it). */
export const CHAT_STORAGE_KEY = 'tcac.chatConversation';
/** At most this many messages are kept in session storage (the newest). */
export const CHAT_STORED_MESSAGES = 50;
const GREETING_ID = 'greeting';

/** The greeting's place in the conversation; its words are the club's of the moment (`ChatProvider`). */
const greeting = (): ChatMessage => ({ id: GREETING_ID, text: '', sender: 'bot', timestamp: new Date().toISOString() });

let counter = 0;
const newId = () => `${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

function isLink(value: unknown): value is ChatLink {
  return (
    !!value && typeof value === 'object' && typeof (value as ChatLink).title === 'string' && typeof (value as ChatLink).url === 'string'
  );
}

function isMessage(value: unknown): value is ChatMessage {
  if (!value || typeof value !== 'object') return false;
  const m = value as Record<string, unknown>;
  return (
    typeof m.id === 'string' &&
    typeof m.text === 'string' &&
    (m.sender === 'bot' || m.sender === 'user') &&
    typeof m.timestamp === 'string' &&
    (m.links === undefined || (Array.isArray(m.links) && m.links.every(isLink)))
  );
}

/** The stored conversation, always opening with the greeting; anything unreadable starts afresh. */
function loadConversation(): ChatMessage[] {
  try {
    const raw = window.sessionStorage.getItem(CHAT_STORAGE_KEY);
    if (!raw) return [greeting()];
    const saved = JSON.parse(raw) as unknown;
    if (!Array.isArray(saved) || !saved.every(isMessage)) return [greeting()];
    const rest = saved.filter((m) => m.id !== GREETING_ID);
    const first = saved.find((m) => m.id === GREETING_ID);
    return [first ?? greeting(), ...rest];
  } catch {
    return [greeting()];
  }
}

function saveConversation(messages: ChatMessage[]) {
  try {
    window.sessionStorage.setItem(CHAT_STORAGE_KEY, JSON.stringify(messages.slice(-CHAT_STORED_MESSAGES)));
  } catch {
    // Storage unavailable or full: the conversation still lives for this page.
  }
}

const ChatContext = createContext<ChatApi | null>(null);

/**
 * The one conversation of the site. It lives above the router, so it survives moving
 * between pages, and in session storage, so a reload of the tab keeps it.
 */
export function ChatProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const ask = useMutation(trpc.chat.ask.mutationOptions());
  const [messages, setMessages] = useState<ChatMessage[]>(loadConversation);
  const [draft, setDraft] = useState('');
  // A second Enter before React re-renders must not send twice.
  const sending = useRef(false);
  // Set in the same render as the question appears (the mutation's own flag follows a tick later).
  const [waiting, setWaiting] = useState(false);

  useEffect(() => saveConversation(messages), [messages]);

  const { mutateAsync } = ask;
  const send = useCallback(
    (text: string): SendRefusal | null => {
      const why = chatRefusal(text);
      if (why) return why;
      if (sending.current) return 'busy';
      sending.current = true;
      setWaiting(true);
      const message = text.trim();
      const append = (m: Omit<ChatMessage, 'id' | 'timestamp'>) =>
        setMessages((list) => [...list, { ...m, id: newId(), timestamp: new Date().toISOString() }]);
      append({ text: message, sender: 'user' });
      mutateAsync({ message })
        .then((reply) => append({ text: reply.response, sender: 'bot', links: reply.links }))
        .catch((error: unknown) => {
          console.error('Chat reply failed', error);
          append({ text: CHAT_FAILURE, sender: 'bot' });
        })
        .finally(() => {
          sending.current = false;
          setWaiting(false);
        });
      return null;
    },
    [mutateAsync],
  );

  const pending = waiting || ask.isPending;
  // The greeting always speaks in the club's current short name, whatever words a stored conversation kept.
  const hello = chatGreeting(useClub());
  const shown = useMemo(() => messages.map((m) => (m.id === GREETING_ID ? { ...m, text: hello } : m)), [messages, hello]);
  const api = useMemo<ChatApi>(() => ({ messages: shown, pending, draft, setDraft, send }), [shown, pending, draft, send]);
  return <ChatContext.Provider value={api}>{children}</ChatContext.Provider>;
}

export function useChat(): ChatApi {
  const api = useContext(ChatContext);
  if (!api) throw new Error('useChat must be used inside <ChatProvider>');
  return api;
}
