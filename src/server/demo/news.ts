/* Step 6: news: results written from the judged catches, rules and club notices. */
import { addDays, type IsoDate } from '../../shared/dates';
import { newsInput } from '../../shared/cms.schema';
import { objectUrl } from '../platform/object-keys';
import type { DemoContext } from './context';

async function resultsHtml(demo: DemoContext, key: string): Promise<{ html: string; excerpt: string }> {
  const seeded = demo.events.get(key)!;
  const results = await demo.services.judging.results(demo.em, seeded.event.id);
  const winners = results.categories.map((c) => ({ species: c.species, first: c.placings[0] }));
  const rows = results.categories
    .flatMap((c) =>
      c.placings.map((p) => `<tr><td>${c.species}</td><td>${p.place}</td><td>${p.anglerName}</td><td>${p.size.toFixed(1)} cm</td></tr>`),
    )
    .join('');
  const top = winners.sort((a, b) => b.first.size - a.first.size)[0];
  const excerpt = `${seeded.registered.length} members fished the ${seeded.plan.name}. ${top ? `${top.first.anglerName} took out the ${top.species.toLowerCase()} category with ${top.first.size.toFixed(1)} cm.` : ''}`;
  const html = `<p>Thanks to everyone who came along to the <strong>${seeded.plan.name}</strong> at ${seeded.plan.location}. The weather was kind and the fish were on the bite.</p>
<table><thead><tr><th scope="col">Category</th><th scope="col">Place</th><th scope="col">Angler</th><th scope="col">Length</th></tr></thead><tbody>${rows}</tbody></table>
<p>Champion points (3, 2 and 1) go towards the season ladder on the club's home page. Prizes can be collected from Tweed Tackle & Bait.</p>`;
  return { html, excerpt };
}

export async function seedNews(demo: DemoContext) {
  const admin = demo.admin.actor;
  const post = (
    daysAgo: number | IsoDate,
    time: string,
    article: { title: string; excerpt: string; content: string; featuredImageUrl?: string | null; published?: boolean },
  ) =>
    demo.at(demo.local(typeof daysAgo === 'string' ? daysAgo : addDays(demo.today, -daysAgo), time), () =>
      demo.services.cms.createNews(demo.em, admin, newsInput.parse({ published: true, ...article })),
    );
  const imageOf = (key: string) => demo.events.get(key)!.event.imageKey;

  const classic = await resultsHtml(demo, 'bream-flathead');
  await post(addDays(demo.events.get('bream-flathead')!.day, 1), '18:30', {
    title: 'Results: Tweed River Bream & Flathead Classic',
    excerpt: classic.excerpt,
    content: classic.html,
    featuredImageUrl: objectUrl(imageOf('bream-flathead')!),
  });
  await post(70, '20:00', {
    title: 'Dusky flathead: 36 cm minimum, and only one over 70 cm',
    excerpt: 'A reminder of the NSW rules for our most popular fish, and why we release the big breeders.',
    content: `<p>Dusky flathead must be at least <strong>36 cm</strong> to keep, the bag limit is 10, and <strong>only one fish longer than 70 cm</strong> may be kept per person per day. The big ones are nearly all breeding females: please photograph them on the brag mat and let them go.</p><p>Check the current limits on the <a href="https://www.dpi.nsw.gov.au/fishing/recreational/fishing-rules-and-regs" target="_blank">NSW DPI website</a> or in the FishSmart app before every trip.</p>`,
  });
  await post(113, '19:45', {
    title: 'Welcome aboard, Kingscliff Marine & Outboard',
    excerpt: 'Our newest shirt and website sponsor is putting up a $500 prize for a released mulloway.',
    content: `<p>The committee is delighted to welcome <strong>Kingscliff Marine & Outboard</strong> as a shirt and website sponsor. Leanne and the team service half the tinnies at the Chinderah ramp, and they are backing the Tweed Coast Mulloway Classic with a <strong>$500 prize for the heaviest legal mulloway released</strong>.</p>`,
  });
  const jacks = await resultsHtml(demo, 'jacks');
  await post(addDays(demo.events.get('jacks')!.day, 1), '17:10', {
    title: 'Results: Terranora Mangrove Jack Challenge',
    excerpt: jacks.excerpt,
    content: jacks.html,
    featuredImageUrl: objectUrl(imageOf('jacks')!),
  });
  await post(3, '08:30', {
    title: 'Junior Fishing Clinic: registrations open',
    excerpt: 'Knots, rigs, casting and a two-hour comp on Mooball Creek for members under 16. Rods and bait supplied.',
    content: `<p>Our <strong>Junior Fishing Clinic & Comp</strong> is on at Mooball Creek, Pottsville. Experienced members will teach knots, rigging, casting and how to handle and release fish, followed by a two-hour competition with medals for everyone.</p><p>Register in the Member Portal under Events. A parent or guardian must stay for the day.</p>`,
    featuredImageUrl: objectUrl(imageOf('juniors')!),
  });
  await post(1, '21:00', {
    title: 'Notice of Annual General Meeting',
    excerpt: 'The AGM and election of the committee, with a sausage sizzle from 5:30pm.',
    content:
      '<p>Notice is given of the Annual General Meeting of the Tweed Coast Anglers Club. Nominations for the committee close two weeks before the meeting.</p>',
    published: false,
  });
}
