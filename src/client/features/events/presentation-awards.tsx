/**
 * The club's other two awards on the presentation screen: the mystery fish ($100 cash) and the fish picture of the
 * month ($100 voucher). Each renders only when its award has something to show; until the club's site publishes
 * them to the public, neither has, and the presentation shows the placings alone.
 */

/** The event's mystery fish and its winner, once the committee has revealed it. */
export function MysteryFishAward(_props: { eventId: string }) {
  return null;
}

/** The fish picture of the month of the event's month, once its vote has closed. */
export function PictureOfTheMonthAward(_props: { eventDate: string }) {
  return null;
}
