/* Step: the demo member keeps his juniors' emergency contacts and medical notes (Profile → Your household). */
import { addDays } from '../../shared/dates';
import { hhmm, type DemoContext } from './context';

/** What Daniel wrote for Ethan and Chloe: the sign-on desk shows it on competition day. */
const CARE: Record<string, { medicalNotes: string | null }> = {
  Ethan: { medicalNotes: 'Mild asthma: Ventolin puffer in the side pocket of his tackle bag.' },
  Chloe: { medicalNotes: 'Allergic to bee stings: EpiPen in the blue backpack.' },
};

export async function seedMemberDetails(demo: DemoContext) {
  const family = demo.member;
  await demo.at(demo.local(addDays(demo.today, -20), hhmm(20 * 60 + 15)), async () => {
    for (const child of family.members.filter((m) => m.firstName in CARE)) {
      await demo.services.memberDetails.update(demo.em, family.actor, {
        memberId: child.id,
        phone: null,
        address: child.address ?? null,
        shirtSize: child.shirtSize ?? null,
        emergencyContact: { name: 'Linh Nguyen', phone: '0431 552 870', relationship: 'Grandmother' },
        medicalNotes: CARE[child.firstName].medicalNotes,
      });
    }
  });
}
