/* Step 6b: newsletters: last month's newsletter in the archive (with each member's outcome) and a draft notice. */
import { addDays } from '../../shared/dates';
import { newsletterInput } from '../../shared/newsletters.schema';
import { objectUrl } from '../platform/object-keys';
import type { DemoContext } from './context';

export async function seedNewsletters(demo: DemoContext) {
  const admin = demo.admin.actor;
  const newsletters = demo.services.newsletters;
  const members = demo.households.flatMap((h) => h.members).filter((m) => m.email);
  // A member who unsubscribed, and two who asked for all the club's news.
  const choose = (email: string, choice: 'news' | 'none') =>
    demo.em.execute(
      `insert into newsletter_preferences (email, choice, source, changed_at) values (?, ?, 'portal', ?) on conflict (email) do nothing`,
      [email.toLowerCase(), choice, demo.local(addDays(demo.today, -40), '19:00')],
    );
  if (members[5]) await choose(members[5].email!, 'none');
  for (const m of members.slice(1, 3)) await choose(m.email!, 'news');

  const image = demo.events.get('jacks')?.event.imageKey;
  const sentAt = demo.local(addDays(demo.today, -12), '19:30');
  const issue = await demo.at(sentAt, async () => {
    const draft = await newsletters.create(
      demo.em,
      admin,
      newsletterInput.parse({
        subject: 'Club news: mangrove jacks, the junior clinic and the AGM',
        bodyHtml: `<h2>Jacks on the chew</h2><p>What a night at Terranora: the results are on the website, and the biggest jack of the challenge went back in to fight another day.</p>${
          image ? `<p><img src="${objectUrl(image)}" alt="A mangrove jack on the brag mat"></p>` : ''
        }<h2>Junior Fishing Clinic</h2><p>Members under 16 can learn knots, rigs and casting at Mooball Creek, then fish a two-hour comp. Register in the Member Portal under Events.</p><h2>AGM</h2><p>The Annual General Meeting is coming up: nominations for the committee close two weeks before. See you there!</p>`,
        segment: { kind: 'current' },
      }),
    );
    return newsletters.send(demo.em, admin, draft.id);
  });
  // The queue's work, as it went: every message delivered half a second apart, one address bouncing.
  await demo.em.execute(
    `update newsletter_deliveries d set status = 'sent', claimed_at = ?::timestamptz + (q.rn * interval '500 milliseconds'),
       sent_at = ?::timestamptz + (q.rn * interval '500 milliseconds') + interval '200 milliseconds', attempts = 1
     from (select id, row_number() over (order by id) as rn from newsletter_deliveries where newsletter_id = ? and status = 'queued') q
     where d.id = q.id`,
    [sentAt, sentAt, issue.id],
  );
  await demo.em.execute(
    `update newsletter_deliveries set status = 'failed', sent_at = null,
       reason = 'Not delivered: 550 5.1.1 The e-mail account that you tried to reach does not exist'
     where id = (select max(id) from newsletter_deliveries where newsletter_id = ? and status = 'sent')`,
    [issue.id],
  );
  await demo.em.execute(`update newsletters set status = 'sent', finished_at = ? where id = ?`, [
    new Date(sentAt.getTime() + 10 * 60_000),
    issue.id,
  ]);

  await demo.at(demo.local(addDays(demo.today, -1), '21:15'), () =>
    newsletters.create(
      demo.em,
      admin,
      newsletterInput.parse({
        subject: 'Renew before the Mulloway Classic',
        bodyHtml:
          '<p>Your membership ends soon. Renew online in the Member Portal (it takes a minute) to keep your entries, catch log and champion points going.</p>',
        segment: { kind: 'expiring', days: 30 },
      }),
    ),
  );
}
