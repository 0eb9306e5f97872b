/** The chat's plain constants and its one input rule, kept apart from its zod schemas so the page bundle needs no zod. */
import type { AustralianState } from './club-profile-plain';

export const CHAT_MAX_LENGTH = 1000;

export const CHAT_BLANK = 'Please type a question.';
/** Shown under the box while a question is too long, and by the server if one arrives. */
export const CHAT_TOO_LONG = `Questions are at most ${CHAT_MAX_LENGTH} characters.`;

/** Why a question cannot be asked ('blank', 'too-long'), or null when it can: the chat box and the server both ask. */
export function chatRefusal(text: string): 'blank' | 'too-long' | null {
  const trimmed = text.trim();
  if (!trimmed) return 'blank';
  return trimmed.length > CHAT_MAX_LENGTH ? 'too-long' : null;
}

/**
 * How the greeting names what the club's state asks of an angler by law (kept here, apart from the states' full rules
 * in state-fishing.ts, which only the pages that show them load).
 */
const LICENCE_TOPICS: Partial<Record<AustralianState, string>> = {
  NSW: 'the NSW fishing licence',
  QLD: 'fishing permits in Queensland',
};

/** The greeting the chat opens with, in the club's short name, naming its state's licence (or permits). */
export const chatGreeting = (club: { shortName: string; state: AustralianState }) =>
  `G'day! I'm the ${club.shortName} assistant. Ask me about membership, events, competition rules, size limits, ${LICENCE_TOPICS[club.state] ?? 'fishing licences'} or sponsoring the club.`;
/** What the chat says when the reply fails. */
export const CHAT_FAILURE = "Sorry, I'm having trouble responding right now. Please try again later.";
