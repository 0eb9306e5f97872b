/**
 * What each state's fishing law asks of a recreational angler, as the club's pages, e-mails and assistant say it:
 * its fisheries authority and pages, whether a licence is needed and by whom. Plain data (no zod: pages import it),
 * chosen by the club's state (`ClubProfile.state`).
 */
import type { AustralianState } from './club-profile-plain';

/** A page of the state's fisheries authority. */
export interface ResourceLink {
  title: string;
  description: string;
  url: string;
  /** The licence or permit page: shown first, marked REQUIRED. */
  required?: boolean;
}

export interface StateFishing {
  /** 'NSW DPI': who makes and publishes the rules. */
  authority: string;
  /** The legal notice over the state's resources: who needs a licence, and that fines apply. */
  licenceNotice: string;
  /** The code of conduct's clause: '…and hold a current NSW recreational fishing licence where one is required'. */
  licenceRule: string;
  /** The assistant's answer on where to get one. */
  licenceWhere: string;
  /** An event reminder's 'What to bring' for an entrant of this age ('your' or "Mia's"). */
  bringLicence: (age: number, whose: string) => string;
  /** The authority's pages, the licence (if any) first. */
  resources: ResourceLink[];
}

const NSW_DPI = 'https://www.dpi.nsw.gov.au';
const QLD_DAF = 'https://www.daf.qld.gov.au/business-priorities/fisheries/recreational';

const NSW: StateFishing = {
  authority: 'NSW DPI',
  licenceNotice: 'A valid NSW recreational fishing licence is required to fish in NSW waters, unless you are exempt. Fines apply.',
  licenceRule: 'hold a current NSW recreational fishing licence where one is required',
  licenceWhere: 'Buy or renew it online from NSW DPI.',
  // In NSW anglers under 18 pay no recreational fishing fee.
  bringLicence: (age, whose) =>
    age < 18
      ? 'no fishing licence: under 18s need none in NSW'
      : `${whose} NSW recreational fishing licence (the fee receipt, on paper or the phone), or proof of an exemption`,
  resources: [
    {
      title: 'NSW Recreational Fishing Licence',
      description: 'Buy or renew the licence you need to fish in NSW waters.',
      url: `${NSW_DPI}/fishing/recreational/fishing-fees-and-licences`,
      required: true,
    },
    {
      title: 'Saltwater bag and size limits',
      description: 'Legal lengths and daily limits for saltwater species.',
      url: `${NSW_DPI}/fishing/recreational/fishing-rules-and-regs/saltwater-bag-and-size-limits`,
    },
    {
      title: 'Freshwater bag and size limits',
      description: 'Legal lengths and daily limits for freshwater species.',
      url: `${NSW_DPI}/fishing/recreational/fishing-rules-and-regs/freshwater-bag-and-size-limits`,
    },
    {
      title: 'FishSmart NSW app',
      description: "The department's app: rules, limits and maps on your phone.",
      url: `${NSW_DPI}/fishing/recreational/resources/fishsmart-app`,
    },
    {
      title: 'Fishing closures',
      description: 'Waters closed to fishing and the species they protect.',
      url: `${NSW_DPI}/fishing/closures`,
    },
    {
      title: 'General fishing rules',
      description: 'Gear, methods and the rules that apply everywhere.',
      url: `${NSW_DPI}/fishing/recreational/fishing-rules-and-regs`,
    },
    {
      title: 'Fishing locations',
      description: 'Where to fish, boat ramps and fishing havens.',
      url: `${NSW_DPI}/fishing/recreational/wheretofish`,
    },
    {
      title: 'Species identification',
      description: 'Tell your dusky flathead from your bartailed.',
      url: `${NSW_DPI}/fishing/aquatic-biosecurity/species-identification`,
    },
  ],
};

// Queensland has no general recreational fishing licence; fishing a stocked impoundment needs a permit (the
// Recreational Use Fee, paid as a SIPS permit).
const QLD: StateFishing = {
  authority: 'Fisheries Queensland',
  licenceNotice:
    'Queensland has no general recreational fishing licence, but fishing in a stocked impoundment (a dam in the Stocked Impoundment Permit Scheme) needs a SIPS permit: the Recreational Use Fee. Size, possession and closure rules apply everywhere, and fines apply.',
  licenceRule: 'hold a Stocked Impoundment Permit (SIPS) whenever they fish a stocked impoundment',
  licenceWhere: 'A SIPS permit for a stocked impoundment is bought online through Fisheries Queensland.',
  bringLicence: (_age, whose) =>
    `no general fishing licence (Queensland needs none), but ${whose} SIPS permit if the event is on a stocked impoundment`,
  resources: [
    {
      title: 'Recreational fishing rules and SIPS permits',
      description: 'The rules, closures, and the Recreational Use Fee (SIPS permit) for stocked dams and weirs.',
      url: QLD_DAF,
      required: true,
    },
    {
      title: 'Tidal waters size and possession limits',
      description: 'Legal lengths and possession limits for saltwater and estuary species.',
      url: `${QLD_DAF}/recreational-fishing-rules-and-regulations/tidal-waters`,
    },
    {
      title: 'Qld Fishing 2.0 app',
      description: 'Size and possession limits, closures and maps on your phone: search the app stores for Qld Fishing 2.0.',
      url: QLD_DAF,
    },
  ],
};

/** A state whose rules the site does not spell out: its own licence sentence, and its fisheries authority's site. */
function otherState(authority: string, url: string, notice: string, licence: boolean): StateFishing {
  return {
    authority,
    licenceNotice: `${notice} Check ${authority} for size, bag and possession limits before you fish; fines apply.`,
    licenceRule: 'hold any licence or permit the state requires for the fishing they do',
    licenceWhere: `${authority} says who needs a licence and sells them online.`,
    bringLicence: (_age, whose) =>
      licence
        ? `${whose} fishing licence, if the fishing planned needs one (${authority} says which)`
        : 'no fishing licence (none is needed)',
    resources: [
      {
        title: `${authority}: recreational fishing`,
        description: 'Licences, size and bag limits, closures and the rules that apply everywhere.',
        url,
        required: licence,
      },
    ],
  };
}

const STATES: Record<AustralianState, StateFishing> = {
  NSW,
  QLD,
  VIC: otherState(
    'the Victorian Fisheries Authority',
    'https://vfa.vic.gov.au/recreational-fishing',
    'A Victorian recreational fishing licence is required to fish in Victorian waters, unless you are exempt (under 18s need none).',
    true,
  ),
  WA: otherState(
    'the WA Department of Primary Industries and Regional Development',
    'https://www.fish.wa.gov.au/Fishing-and-Aquaculture/Recreational-Fishing',
    'In Western Australia a licence is needed for certain fishing: from a boat, for rock lobster, abalone and marron, in the freshwater south-west and with a net.',
    true,
  ),
  TAS: otherState(
    'Fishing Tasmania',
    'https://fishing.tas.gov.au',
    'In Tasmania a licence is needed for certain sea fishing (rock lobster, abalone, scallops, nets and set lines) and for all inland fishing.',
    true,
  ),
  SA: otherState(
    'PIRSA Fisheries',
    'https://pir.sa.gov.au/recreational_fishing',
    'South Australia has no general recreational fishing licence (a few gears and species need registration).',
    false,
  ),
  NT: otherState(
    'NT Fisheries',
    'https://nt.gov.au/marine/recreational-fishing',
    'The Northern Territory needs no recreational fishing licence.',
    false,
  ),
  ACT: otherState('the ACT Government', 'https://www.act.gov.au', 'The ACT needs no recreational fishing licence.', false),
};

/** The fishing law of the club's state. */
export function stateFishing(state: AustralianState): StateFishing {
  return STATES[state] ?? NSW;
}
