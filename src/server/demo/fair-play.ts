/* Step 5b: the judges look back. A decision reopened and judged again, and a re-used photo's sanctions. */
import { addDays } from '../../shared/dates';
import { Catch } from '../db/entities';
import type { DemoContext } from './context';
import { REJECT_REASONS } from './demo-data';

/**
 * After the past competitions are judged: at the Bream & Flathead Classic a catch rejected for a photo from the day
 * before is reopened (the angler showed the judges their camera's clock ran a day behind) and approved; at the
 * Mangrove Jack Challenge the angler whose photo was copied from an earlier catch is disqualified from the event,
 * and at the committee's next meeting, after the beach comp, suspended for six months. Runs before today's
 * catches, which leave the suspended angler's household out.
 */
export async function seedFairPlay(demo: DemoContext) {
  const classic = demo.events.get('bream-flathead')!;
  const dayBefore = await demo.em.findOne(Catch, { event: classic.event, rejectReason: REJECT_REASONS.dayBefore });
  if (dayBefore) {
    await demo.at(demo.local(addDays(classic.day, 2), '18:40'), () =>
      demo.services.judging.reopen(demo.em, demo.admin.actor, {
        id: dayBefore.id,
        reason: "The angler showed us their camera's clock was still a day behind after a battery change; the photo is from the day.",
      }),
    );
    await demo.at(demo.local(addDays(classic.day, 2), '18:45'), () =>
      demo.services.judging.judge(demo.em, demo.admin.actor, { action: 'approve', id: dayBefore.id }),
    );
  }

  const jacks = demo.events.get('jacks')!;
  const copied = await demo.em.findOne(Catch, { event: jacks.event, rejectReason: REJECT_REASONS.duplicate }, { populate: ['angler'] });
  if (!copied) return;
  await demo.at(demo.local(addDays(jacks.day, 1), '10:00'), () =>
    demo.services.fairPlay.disqualify(demo.em, demo.admin.actor, {
      eventId: jacks.event.id,
      memberId: copied.angler.id,
      reason: 'Photo tampering: the photo of your flathead is the same as one entered at the Tweed River Bream & Flathead Classic.',
    }),
  );
  const meeting = addDays(demo.events.get('beach')!.day, 3);
  await demo.at(demo.local(meeting, '20:15'), () =>
    demo.services.fairPlay.suspend(demo.em, demo.admin.actor, {
      memberId: copied.angler.id,
      until: addDays(meeting, 182),
      reason: 'Photo tampering at the Terranora Mangrove Jack Challenge (a photo re-used from an earlier competition).',
    }),
  );
}
