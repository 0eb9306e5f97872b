import { CLUB } from './club';

/** The chat's plain constants, kept apart from its zod schemas so the page bundle needs no zod. */
export const CHAT_MAX_LENGTH = 1000;

/** The fixed greeting the chat opens with (SPEC §2.15). */
export const CHAT_GREETING = `G'day! I'm the ${CLUB.shortName} assistant. Ask me about membership, events, competition rules, size limits, the NSW fishing licence or sponsoring the club.`;
/** SPEC §8: what the chat says when the reply fails. */
export const CHAT_FAILURE = "Sorry, I'm having trouble responding right now. Please try again later.";
