import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import type { LiveBoard } from '../../shared/catches.schema';
import { PresentationView } from '../features/catches/presentation';
import { MysteryFishPanel } from '../features/competition/mystery-fish-panel';
import { PictureOfTheMonth } from '../features/competition/picture-of-the-month';
import { useTRPC } from '../trpc';

/** /events/<id>/presentation: the day's presentation, full screen without the site's navigation. */
export function EventPresentationPage() {
  const { eventId = '' } = useParams({ strict: false });
  return <PresentationView eventId={eventId} awards={PresentationAwards} />;
}

/**
 * The club's other awards after the placings: the event's mystery fish (the club's prize for it), sealed until the committee
 * reveals it (nothing for an event without one), and the fish picture of the month.
 */
function PresentationAwards({ board }: { board: LiveBoard }) {
  return (
    <>
      {board.mysteryFish && board.mysteryFish.state !== 'none' && <MysteryFishPanel fish={board.mysteryFish} large />}
      <PictureOfTheMonthAward />
    </>
  );
}

/** The latest fish picture of the month (with the club's prize for it), once a month's vote has named a winner; nothing before. */
function PictureOfTheMonthAward() {
  const trpc = useTRPC();
  const picture = useQuery(trpc.pictureOfMonth.winner.queryOptions(undefined));
  if (!picture.data) return null;
  return <PictureOfTheMonth large hideWhenNone />;
}
