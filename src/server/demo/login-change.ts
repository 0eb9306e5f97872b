/*
 * Step: a member moved their login to a new address two days ago, and its undo link (7 days) still works: the notice
 * with that link is left in the site's outbox for the committee to open. Someone had typed that address into a join
 * form by mistake the week before; the member's confirmation set that unpaid join aside for the committee
 * (`member.email.setAside` in the audit log).
 */
import { addDays, addYears } from '../../shared/dates';
import { EXAMPLE_CLUB_DOCUMENTS } from '../../shared/club-example';
import { acceptedVersions } from '../../shared/documents';
import { registrationInput } from '../../shared/members.schema';
import { ROUTES } from '../../shared/screens';
import { EmailChange } from '../db/entities';
import type { DemoContext } from './context';

export async function seedLoginChange(demo: DemoContext) {
  // A current member on their own (not a login of the demo), with no other change of address under way.
  const candidates = demo.households.filter(
    (h) => h.expiresOn && h.expiresOn > addDays(demo.today, 60) && !h.plan.login && h.members.length === 1 && h.primary.email,
  );
  let mover: (typeof candidates)[number] | undefined;
  for (const h of candidates) if (!mover && !(await demo.em.count(EmailChange, { member: h.primary }))) mover = h;
  if (!mover) return;
  const [name, domain] = mover.primary.email!.split('@');
  const newEmail = `${name}.new@${domain}`;

  await demo.at(demo.local(addDays(demo.today, -6), '13:20'), () =>
    demo.services.members.register(
      demo.em,
      demo.actor(null),
      registrationInput.parse({
        firstName: 'Jamie',
        lastName: 'Hollis',
        email: newEmail,
        phone: '0433 102 938',
        address: '9 Coral St, Kingscliff NSW 2487',
        dateOfBirth: addYears(demo.today, -41),
        gender: 'female',
        shirtSize: 'M',
        membershipType: 'adult',
        termsAccepted: true,
        codeOfConductAccepted: true,
        documentsAccepted: acceptedVersions(EXAMPLE_CLUB_DOCUMENTS),
      }),
    ),
  );

  // The member asks from the portal (no password: a link to the current address proves it is them), then confirms
  // from the new address; the old address is told, with the undo link.
  const evening = addDays(demo.today, -2);
  const member = mover.primary;
  await demo.at(demo.local(evening, '19:00'), () =>
    demo.services.emailChange.request(demo.em, mover.actor, { memberId: member.id, email: newEmail }),
  );
  const itIsMe = demo.mail.linkTo(member.email!, ROUTES.emailChange);
  await demo.at(demo.local(evening, '19:04'), () => demo.services.emailChange.confirm(demo.em, demo.actor(null), itIsMe));
  const confirmation = demo.mail.linkTo(newEmail, ROUTES.emailChange);
  await demo.at(demo.local(evening, '19:09'), () =>
    demo.leavingMail(() => demo.services.emailChange.confirm(demo.em, mover.actor, confirmation)),
  );
}
