import { useParams } from '@tanstack/react-router';
import { PresentationView } from '../features/events/presentation';

/** /events/<id>/presentation: the 4 pm presentation, full screen without the site's navigation. */
export function EventPresentationPage() {
  const { eventId = '' } = useParams({ strict: false });
  return <PresentationView eventId={eventId} />;
}
