import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { PresentationView } from '../features/catches/presentation';
import { MysteryFishPanel } from '../features/competition/mystery-fish-panel';
import { PictureOfTheMonth } from '../features/competition/picture-of-the-month';
import { useTRPC } from '../trpc';

/** /events/<id>/presentation: the 4 pm presentation, full screen without the site's navigation. */
export function EventPresentationPage() {
  const { eventId = '' } = useParams({ strict: false });
  return (
    <PresentationView
      eventId={eventId}
      awards={
        <>
          <MysteryFishAward eventId={eventId} />
          <PictureOfTheMonthAward />
        </>
      }
    />
  );
}

/**
 * The event's mystery fish ($100 cash) when it has one: sealed until the committee reveals it at the presentation,
 * then the fish and its winner. Nothing at all for an event without one.
 */
function MysteryFishAward({ eventId }: { eventId: string }) {
  const trpc = useTRPC();
  const fish = useQuery(trpc.events.mysteryFish.queryOptions({ id: eventId }));
  if (!fish.data || fish.data.state === 'none') return null;
  return <MysteryFishPanel eventId={eventId} large />;
}

/** The latest fish picture of the month ($100 voucher), once a month's vote has named a winner; nothing before. */
function PictureOfTheMonthAward() {
  const trpc = useTRPC();
  const picture = useQuery(trpc.pictureOfMonth.winner.queryOptions(undefined));
  if (!picture.data) return null;
  return <PictureOfTheMonth large hideWhenNone />;
}
