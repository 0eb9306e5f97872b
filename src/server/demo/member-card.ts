/* Step: the demo member has opened his membership card and copied his calendar address (Profile → Your calendar). */
import { addDays } from '../../shared/dates';
import { hhmm, type DemoContext } from './context';

/**
 * Daniel's card (and his family's) and his private calendar address, made as the portal makes them on first view.
 * His payments (the family membership, entry fees) and their receipts come from the earlier steps; the receipts
 * print the club's ABN and address from the settings (demo-data.ts SETTINGS).
 */
export async function seedMemberCard(demo: DemoContext) {
  await demo.at(demo.local(addDays(demo.today, -9), hhmm(19 * 60 + 42)), async () => {
    await demo.services.memberCards.mine(demo.em, demo.member.actor);
    await demo.services.calendarFeeds.mine(demo.em, demo.member.actor);
  });
}
