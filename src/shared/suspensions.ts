import { formatAuDate } from './dates';

/** A member's suspension as they and the committee see it (judging.schema.ts checks its shape on the wire). */
export interface Suspension {
  /** The last day of the suspension, YYYY-MM-DD (club time). */
  until: string;
  reason: string;
}

/**
 * What the member reads on their portal while suspended. Kept apart from the schemas so the portal's first screen
 * loads no validation library.
 */
export const suspensionNotice = (s: Suspension) =>
  `Your membership is suspended until ${formatAuDate(s.until)}: ${s.reason.replace(/[.\s]+$/, '')}. You cannot enter events or log catches until then.`;
