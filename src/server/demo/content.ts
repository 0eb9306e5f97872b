/* Step 2: the club's details, fishing area and species, the site's settings, pages (with their sections, in the menu and footer) and landing and home sections, written through the CMS. */
import { EXAMPLE_CLUB_PROFILE, EXAMPLE_CLUB_SPECIES } from '../../shared/club-example';
import { addDays } from '../../shared/dates';
import { EXAMPLE_FISHING_AREA } from '../../shared/example-fishing-area';
import { pageInput, sectionInput, settingInput } from '../../shared/cms.schema';
import { IMAGE_MAX_BYTES } from '../../shared/uploads';
import { objectUrl } from '../platform/object-keys';
import { DEMO_ABN, HOME_ABOUT_HTML, LANDING_TEXTS, PAGES, PAGE_SECTIONS, SETTINGS, SITE_NAVIGATION } from './demo-data';
import { randomSource, scenePhoto } from './demo-images';
import type { DemoContext } from './context';

/** The club's own details, fishing area and species, through the same cards a committee uses. */
async function seedClubSettings(demo: DemoContext) {
  await demo.services.club.save(demo.em, demo.admin.actor, 'profile', { ...EXAMPLE_CLUB_PROFILE, abn: DEMO_ABN });
  await demo.services.fishingArea.replace(demo.em, demo.admin.actor, EXAMPLE_FISHING_AREA);
  await demo.services.club.save(demo.em, demo.admin.actor, 'species', EXAMPLE_CLUB_SPECIES);
}

export async function seedContent(demo: DemoContext) {
  const admin = demo.admin.actor;
  const launch = addDays(demo.today, -420);
  await demo.at(demo.local(launch, '19:30'), async () => {
    await seedClubSettings(demo);
    for (const setting of SETTINGS) await demo.services.cms.saveSetting(demo.em, admin, settingInput.parse(setting));
    // The club's placing rule, as its competition rules have it: one placing per angler per category.
    await demo.services.placingRules.set(demo.em, admin, { onePlacingPerAngler: true });
    for (const page of PAGES) await demo.services.cms.createPage(demo.em, admin, pageInput.parse(page));
  });
  await demo.at(demo.local(addDays(launch, 1), '20:10'), async () => {
    let order = 0;
    for (const [key, text] of Object.entries(LANDING_TEXTS)) {
      await demo.services.cms.createSection(
        demo.em,
        admin,
        sectionInput.parse({
          pageSlug: 'landing',
          sectionKey: key,
          title: key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()),
          content: text,
          contentType: 'text',
          sortOrder: order++,
        }),
      );
    }
  });
  const photo = await demo.storedImageUrlAt(
    demo.local(addDays(launch, 2), '18:45'),
    await scenePhoto({ palette: 'dawn', foreground: 'river', rng: demo.rng }),
  );
  await demo.at(demo.local(addDays(launch, 2), '19:00'), async () => {
    const sections = [
      { sectionKey: 'welcome', title: 'Welcome', contentType: 'html', content: HOME_ABOUT_HTML, sortOrder: 0 },
      {
        sectionKey: 'home_photo',
        title: 'Sunrise over the Tweed River at Chinderah, with Wollumbin behind',
        contentType: 'image',
        content: photo,
        sortOrder: 1,
      },
      {
        sectionKey: 'season_note',
        title: 'This season',
        contentType: 'text',
        content:
          "Bream are schooling on the lower Tweed and the flathead are on the chew on the run-out tide. Check the events below and register in the Member Portal.\n\nRemember your brag mat and the day's club code in every photo.",
        sortOrder: 2,
      },
      {
        sectionKey: 'agm_notice',
        title: 'AGM notice (draft)',
        contentType: 'text',
        content: 'Nominations for the committee close two weeks before the AGM.',
        sortOrder: 3,
        published: false,
      },
    ];
    for (const section of sections)
      await demo.services.cms.createSection(demo.em, admin, sectionInput.parse({ pageSlug: 'home', ...section }));
  });
  // The pages' own sections, one with a photo placed in its text (as the editor places an upload: size and description).
  const flats = await demo.at(demo.local(addDays(launch, 3), '20:05'), async () =>
    demo.services.uploads.storeSizedImage(
      demo.em,
      demo.admin.user,
      // A source of its own: the club's shared one stays on the sequence the later steps were written against.
      await scenePhoto({ palette: 'morning', foreground: 'beach', rng: randomSource(2487) }),
      IMAGE_MAX_BYTES,
    ),
  );
  await demo.at(demo.local(addDays(launch, 3), '20:20'), async () => {
    const placed = { src: objectUrl(flats.key), width: flats.width, height: flats.height };
    for (const section of PAGE_SECTIONS(placed)) await demo.services.cms.createSection(demo.em, admin, sectionInput.parse(section));
    // The menu and the footer link to the published pages (the committee page is still a draft).
    await demo.services.cms.saveSetting(demo.em, admin, settingInput.parse(SITE_NAVIGATION));
  });
}
