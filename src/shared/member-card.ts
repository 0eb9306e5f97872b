/** What a card needs to say whether it shows a current membership (zod-free: the dashboard imports it). */
export interface CardStanding {
  status: 'pending' | 'active' | 'expired';
  expiryDate: string | null;
  suspendedUntil: string | null;
}

/** Whether a card shows a current membership on `today` (club time): the card's own view, also without signal. */
export function cardIsCurrent(card: CardStanding, today: string): boolean {
  if (card.suspendedUntil && card.suspendedUntil >= today) return false;
  return card.status === 'active' && Boolean(card.expiryDate) && card.expiryDate! >= today;
}
