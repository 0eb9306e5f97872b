/*
 * The demo club's people, events, sponsors and words. Dates are given relative to the day the demo is
 * seeded (days or weeks from "today"), so the club always looks current.
 */
import type { LandingKey } from '../../shared/cms-defaults';
import type { EventAgeLimit } from '../../shared/events';
import type { SponsorshipType } from '../../shared/sponsors';
import type { LogoIcon, ScenePalette } from './demo-images';

/** Every address, user and member of the demo lives under this domain (.test never receives mail). */
export const DEMO_DOMAIN = 'demo.club.test';
export const DEMO_PASSWORD = 'tight-lines-2026';
export const DEMO_LOGINS = {
  admin: { email: `admin@${DEMO_DOMAIN}`, password: DEMO_PASSWORD },
  member: { email: `member@${DEMO_DOMAIN}`, password: DEMO_PASSWORD },
} as const;

type Gender = 'male' | 'female';
type Shirt = 'XS' | 'S' | 'M' | 'L' | 'XL' | 'XXL';

export interface DemoPerson {
  firstName: string;
  lastName: string;
  /** An adult's birth date, or a junior's age in years today. */
  born: string | { age: number };
  gender: Gender;
  shirt: Shirt;
}

export interface DemoHousehold extends DemoPerson {
  type: 'adult' | 'junior' | 'family';
  email?: string;
  phone: string;
  address: string;
  others?: DemoPerson[];
  /**
   * 'member': paid up; `expiresIn` days from today decides active, expiring soon or expired.
   * 'pending': filled in the join form `registeredDaysAgo` days ago and has not paid.
   */
  state: 'member' | 'pending';
  expiresIn?: number;
  /** Joined within the last year: one payment; otherwise they joined two years ago and renewed once. */
  isNew?: boolean;
  /** Member since (year), when it goes back before the website's records. */
  sinceYear?: number;
  registeredDaysAgo?: number;
  login?: 'admin' | 'member';
  /** The renewal was paid to the committee by hand (Admin → Payments → Record payment), not online. */
  renewedBy?: { method: 'cash' | 'bank_transfer' | 'card' | 'cheque'; reference?: string };
  /** The committee refunded the last payment (and ended the membership) for this reason. */
  refunded?: string;
}

const address = (street: string, suburb: string, postcode: string) => `${street}, ${suburb} NSW ${postcode}`;

export const HOUSEHOLDS: DemoHousehold[] = [
  // The two logins: the club secretary (an administrator) and a family whose father logs in.
  {
    login: 'admin',
    type: 'adult',
    firstName: 'Karen',
    lastName: 'Mitchell',
    born: '1971-09-30',
    gender: 'female',
    shirt: 'M',
    phone: '0428 115 902',
    address: address('22 Florence Street', 'Tweed Heads', '2485'),
    state: 'member',
    expiresIn: 301,
    sinceYear: 2011,
  },
  {
    login: 'member',
    type: 'family',
    firstName: 'Daniel',
    lastName: 'Nguyen',
    born: '1984-03-18',
    gender: 'male',
    shirt: 'L',
    phone: '0412 345 678',
    address: address('14 Marine Parade', 'Kingscliff', '2487'),
    state: 'member',
    expiresIn: 214,
    sinceYear: 2019,
    others: [
      { firstName: 'Sarah', lastName: 'Nguyen', born: '1986-07-02', gender: 'female', shirt: 'S' },
      { firstName: 'Ethan', lastName: 'Nguyen', born: { age: 12 }, gender: 'male', shirt: 'S' },
      { firstName: 'Chloe', lastName: 'Nguyen', born: { age: 9 }, gender: 'female', shirt: 'XS' },
    ],
  },
  // Adults, paid up.
  {
    type: 'adult',
    firstName: 'Graham',
    lastName: 'Fletcher',
    born: '1958-02-11',
    gender: 'male',
    shirt: 'XL',
    phone: '0407 221 384',
    address: address('9 Leisure Drive', 'Banora Point', '2486'),
    state: 'member',
    expiresIn: 160,
    sinceYear: 2008,
    renewedBy: { method: 'cash', reference: 'Receipt book 0412' },
  },
  {
    type: 'adult',
    firstName: 'Steve',
    lastName: 'Kowalski',
    born: '1976-11-23',
    gender: 'male',
    shirt: 'L',
    phone: '0419 880 215',
    address: address('31 Minjungbal Drive', 'Tweed Heads South', '2486'),
    state: 'member',
    expiresIn: 95,
  },
  {
    type: 'adult',
    firstName: 'Rhys',
    lastName: 'Donovan',
    born: '1990-05-07',
    gender: 'male',
    shirt: 'M',
    phone: '0433 712 096',
    address: address('5 Pearl Street', 'Kingscliff', '2487'),
    state: 'member',
    expiresIn: 240,
    sinceYear: 2017,
  },
  {
    type: 'adult',
    firstName: 'Tom',
    lastName: 'Harris',
    born: '1965-08-14',
    gender: 'male',
    shirt: 'XL',
    phone: '(02) 6672 3419',
    address: address('48 Queen Street', 'Murwillumbah', '2484'),
    state: 'member',
    expiresIn: 58,
    sinceYear: 2004,
    renewedBy: { method: 'bank_transfer', reference: 'EFT T HARRIS SUBS' },
  },
  {
    type: 'adult',
    firstName: 'Rebecca',
    lastName: 'Lawson',
    born: '1988-12-01',
    gender: 'female',
    shirt: 'S',
    phone: '0421 559 730',
    address: address('17 Coronation Avenue', 'Pottsville', '2489'),
    state: 'member',
    expiresIn: 132,
  },
  {
    type: 'adult',
    firstName: 'Jason',
    lastName: 'Papadopoulos',
    born: '1979-04-19',
    gender: 'male',
    shirt: 'L',
    phone: '0402 318 664',
    address: address('3 Tweed Coast Road', 'Cabarita Beach', '2488'),
    state: 'member',
    expiresIn: 275,
    sinceYear: 2014,
  },
  {
    type: 'adult',
    firstName: 'Matt',
    lastName: "O'Brien",
    born: '1983-06-27',
    gender: 'male',
    shirt: 'XL',
    phone: '0438 904 117',
    address: address('26 Casuarina Way', 'Casuarina', '2487'),
    state: 'member',
    expiresIn: 189,
  },
  {
    type: 'adult',
    firstName: 'Aaron',
    lastName: 'Walker',
    born: '1995-01-15',
    gender: 'male',
    shirt: 'M',
    phone: '0450 276 381',
    address: address('12 Hastings Road', 'Bogangar', '2488'),
    state: 'member',
    expiresIn: 330,
  },
  {
    type: 'adult',
    firstName: 'Greg',
    lastName: 'Tran',
    born: '1969-10-03',
    gender: 'male',
    shirt: 'M',
    phone: '0417 630 258',
    address: address('88 Terranora Road', 'Terranora', '2486'),
    state: 'member',
    expiresIn: 75,
    sinceYear: 2012,
  },
  {
    type: 'adult',
    firstName: 'Bruce',
    lastName: 'McAllister',
    born: '1954-07-21',
    gender: 'male',
    shirt: 'XXL',
    phone: '(07) 5524 2871',
    address: address('6 Lighthouse Parade', 'Fingal Head', '2487'),
    state: 'member',
    expiresIn: 44,
    sinceYear: 1998,
    renewedBy: { method: 'cheque', reference: 'Cheque 100382' },
  },
  {
    type: 'adult',
    firstName: 'Nathan',
    lastName: 'Reid',
    born: '1992-03-09',
    gender: 'male',
    shirt: 'L',
    phone: '0447 118 903',
    address: address('2 Chinderah Bay Drive', 'Chinderah', '2487'),
    state: 'member',
    expiresIn: 205,
  },
  {
    type: 'adult',
    firstName: 'Kylie',
    lastName: 'Jenkins',
    born: '1981-09-16',
    gender: 'female',
    shirt: 'M',
    phone: '0423 885 140',
    address: address('41 Tweed Coast Road', 'Hastings Point', '2489'),
    state: 'member',
    expiresIn: 118,
    sinceYear: 2015,
  },
  {
    type: 'adult',
    firstName: 'Craig',
    lastName: 'Sutherland',
    born: '1973-12-30',
    gender: 'male',
    shirt: 'L',
    phone: '(02) 6679 5512',
    address: address('15 Kyogle Road', 'Uki', '2484'),
    state: 'member',
    expiresIn: 260,
  },
  {
    type: 'adult',
    firstName: 'Hayden',
    lastName: 'Brooks',
    born: '1999-08-05',
    gender: 'male',
    shirt: 'M',
    phone: '0458 327 719',
    address: address('19 Kennedy Drive', 'Tweed Heads West', '2485'),
    state: 'member',
    expiresIn: 350,
    isNew: true,
  },
  // Joined online, then moved away before her first competition: the committee refunded her fee and ended the membership.
  {
    type: 'adult',
    firstName: 'Chloe',
    lastName: 'Bishop',
    born: '1997-04-12',
    gender: 'female',
    shirt: 'S',
    phone: '0434 271 906',
    address: address('6 Ocean Avenue', 'Kingscliff', '2487'),
    state: 'member',
    expiresIn: 345,
    isNew: true,
    refunded: 'Moving to Perth for work before her first competition',
  },
  {
    type: 'adult',
    firstName: 'Priya',
    lastName: 'Sharma',
    born: '1993-02-22',
    gender: 'female',
    shirt: 'S',
    phone: '0431 660 482',
    address: address('7 Darlington Drive', 'Banora Point', '2486'),
    state: 'member',
    expiresIn: 330,
    isNew: true,
  },
  {
    type: 'adult',
    firstName: 'Mick',
    lastName: 'Doyle',
    born: '1962-05-30',
    gender: 'male',
    shirt: 'XL',
    phone: '(02) 6676 1098',
    address: address('4 Riverside Drive', 'Tumbulgum', '2490'),
    state: 'member',
    expiresIn: 150,
    sinceYear: 2001,
  },
  {
    type: 'adult',
    firstName: 'Wayne',
    lastName: 'Pearce',
    born: '1960-03-12',
    gender: 'male',
    shirt: 'L',
    phone: '0409 554 126',
    address: address('23 Overall Drive', 'Pottsville', '2489'),
    state: 'member',
    expiresIn: 88,
    sinceYear: 2009,
  },
  // Expiring within the month: the renewal reminders and the admin's "expiring" filter.
  {
    type: 'adult',
    firstName: 'Shane',
    lastName: 'Murray',
    born: '1974-06-08',
    gender: 'male',
    shirt: 'XL',
    phone: '0414 902 377',
    address: address('10 Bay Street', 'Tweed Heads', '2485'),
    state: 'member',
    expiresIn: 5,
    sinceYear: 2016,
  },
  {
    type: 'adult',
    firstName: 'Lisa',
    lastName: 'Chapman',
    born: '1987-10-25',
    gender: 'female',
    shirt: 'M',
    phone: '0426 781 053',
    address: address('33 Marine Parade', 'Kingscliff', '2487'),
    state: 'member',
    expiresIn: 12,
  },
  {
    type: 'adult',
    firstName: 'Dean',
    lastName: 'Fraser',
    born: '1966-01-19',
    gender: 'male',
    shirt: 'L',
    phone: '(02) 6672 8864',
    address: address('52 Wollumbin Street', 'Murwillumbah', '2484'),
    state: 'member',
    expiresIn: 26,
    sinceYear: 2010,
  },
  // Lapsed.
  {
    type: 'adult',
    firstName: 'Paul',
    lastName: 'Ivanov',
    born: '1980-04-02',
    gender: 'male',
    shirt: 'L',
    phone: '0439 215 660',
    address: address('14 Fraser Drive', 'Banora Point', '2486'),
    state: 'member',
    expiresIn: -20,
  },
  {
    type: 'adult',
    firstName: 'Josh',
    lastName: 'Kelly',
    born: '1994-09-09',
    gender: 'male',
    shirt: 'M',
    phone: '0452 038 971',
    address: address('8 Cypress Crescent', 'Cabarita Beach', '2488'),
    state: 'member',
    expiresIn: -45,
    isNew: true,
  },
  {
    type: 'adult',
    firstName: 'Trevor',
    lastName: 'Hamilton',
    born: '1957-11-28',
    gender: 'male',
    shirt: 'XXL',
    phone: '(07) 5524 6630',
    address: address('27 Philp Parade', 'Tweed Heads South', '2486'),
    state: 'member',
    expiresIn: -80,
    sinceYear: 2006,
  },
  // Two who pay together.
  {
    type: 'adult',
    firstName: 'Andrew',
    lastName: 'Collins',
    born: '1970-02-14',
    gender: 'male',
    shirt: 'L',
    phone: '0403 771 249',
    address: address('5 Elanora Avenue', 'Pottsville', '2489'),
    state: 'member',
    expiresIn: 170,
    sinceYear: 2013,
    others: [{ firstName: 'Michelle', lastName: 'Collins', born: '1972-08-30', gender: 'female', shirt: 'M' }],
  },
  {
    type: 'adult',
    firstName: 'Ben',
    lastName: 'Taylor',
    born: '1982-07-11',
    gender: 'male',
    shirt: 'L',
    phone: '0418 360 592',
    address: address('61 Byangum Road', 'Murwillumbah', '2484'),
    state: 'member',
    expiresIn: 220,
    others: [{ firstName: 'Lachlan', lastName: 'Taylor', born: { age: 11 }, gender: 'male', shirt: 'S' }],
  },
  // Juniors who joined on their own (a parent's phone and e-mail).
  {
    type: 'junior',
    firstName: 'Oliver',
    lastName: 'Bennett',
    born: { age: 14 },
    gender: 'male',
    shirt: 'M',
    phone: '0432 187 604',
    address: address('9 Sutherland Street', 'Kingscliff', '2487'),
    state: 'member',
    expiresIn: 180,
  },
  {
    type: 'junior',
    firstName: 'Ruby',
    lastName: 'Anderson',
    born: { age: 13 },
    gender: 'female',
    shirt: 'S',
    phone: '0411 493 825',
    address: address('20 Amaroo Drive', 'Banora Point', '2486'),
    state: 'member',
    expiresIn: 95,
    isNew: true,
  },
  {
    type: 'junior',
    firstName: 'Jayden',
    lastName: 'Walsh',
    born: { age: 15 },
    gender: 'male',
    shirt: 'M',
    phone: '0440 726 318',
    address: address('3 Heffron Street', 'Tweed Heads West', '2485'),
    state: 'member',
    expiresIn: -12,
    isNew: true,
  },
  // Families.
  {
    type: 'family',
    firstName: 'Mark',
    lastName: 'Robinson',
    born: '1978-05-04',
    gender: 'male',
    shirt: 'XL',
    phone: '0427 615 938',
    address: address('11 Pandanus Parade', 'Cabarita Beach', '2488'),
    state: 'member',
    expiresIn: 140,
    sinceYear: 2016,
    others: [
      { firstName: 'Jess', lastName: 'Robinson', born: '1980-01-29', gender: 'female', shirt: 'M' },
      { firstName: 'Harry', lastName: 'Robinson', born: { age: 14 }, gender: 'male', shirt: 'M' },
      { firstName: 'Isla', lastName: 'Robinson', born: { age: 11 }, gender: 'female', shirt: 'S' },
      { firstName: 'Archie', lastName: 'Robinson', born: { age: 8 }, gender: 'male', shirt: 'XS' },
    ],
  },
  {
    type: 'family',
    firstName: 'Luke',
    lastName: 'Patterson',
    born: '1985-09-21',
    gender: 'male',
    shirt: 'L',
    phone: '0405 839 271',
    address: address('28 Greenway Drive', 'Banora Point', '2486'),
    state: 'member',
    expiresIn: 19,
    others: [
      { firstName: 'Emma', lastName: 'Patterson', born: '1987-03-15', gender: 'female', shirt: 'S' },
      { firstName: 'Noah', lastName: 'Patterson', born: { age: 10 }, gender: 'male', shirt: 'S' },
      { firstName: 'Mia', lastName: 'Patterson', born: { age: 7 }, gender: 'female', shirt: 'XS' },
    ],
  },
  {
    type: 'family',
    firstName: 'Scott',
    lastName: 'Edwards',
    born: '1975-12-06',
    gender: 'male',
    shirt: 'XL',
    phone: '(02) 6672 4107',
    address: address('19 Riverview Street', 'Murwillumbah', '2484'),
    state: 'member',
    expiresIn: -60,
    others: [
      { firstName: 'Kate', lastName: 'Edwards', born: '1977-04-18', gender: 'female', shirt: 'M' },
      { firstName: 'Jack', lastName: 'Edwards', born: { age: 13 }, gender: 'male', shirt: 'M' },
    ],
  },
  // Joined on the website but have not paid yet.
  {
    type: 'adult',
    firstName: 'Connor',
    lastName: 'Murphy',
    born: '1997-07-03',
    gender: 'male',
    shirt: 'L',
    phone: '0455 210 873',
    address: address('15 Wharf Street', 'Tweed Heads', '2485'),
    state: 'pending',
    registeredDaysAgo: 3,
  },
  {
    type: 'adult',
    firstName: 'Zoe',
    lastName: 'Richards',
    born: '2001-10-12',
    gender: 'female',
    shirt: 'S',
    phone: '0434 671 209',
    address: address('2 Seaview Street', 'Kingscliff', '2487'),
    state: 'pending',
    registeredDaysAgo: 9,
  },
  {
    type: 'family',
    firstName: 'Adam',
    lastName: 'Morgan',
    born: '1983-11-08',
    gender: 'male',
    shirt: 'L',
    phone: '0416 457 382',
    address: address('37 Coronation Avenue', 'Pottsville', '2489'),
    state: 'pending',
    registeredDaysAgo: 1,
    others: [
      { firstName: 'Tara', lastName: 'Morgan', born: '1985-06-24', gender: 'female', shirt: 'M' },
      { firstName: 'Lily', lastName: 'Morgan', born: { age: 6 }, gender: 'female', shirt: 'XS' },
    ],
  },
  {
    type: 'junior',
    firstName: 'Max',
    lastName: 'Ford',
    born: { age: 12 },
    gender: 'male',
    shirt: 'S',
    phone: '0442 913 576',
    address: address('6 Grevillea Court', 'Casuarina', '2487'),
    state: 'pending',
    registeredDaysAgo: 5,
  },
];

export interface DemoEvent {
  key: string;
  name: string;
  description: string;
  location: string;
  /** Weeks from today: the Saturday of that week (0: the coming Saturday; -2: a Saturday 8 to 14 days ago), or 'today'. */
  when: number | 'today';
  time: string;
  /** Fishing hours on the day, 'HH:mm', when not the club's 07:00 to 14:00. */
  fishingStart?: string;
  fishingEnd?: string;
  fee: string;
  /** A junior's entry fee when not the member price. */
  juniorFee?: string;
  /** Who may enter by age, when not anyone. */
  ageLimit?: EventAgeLimit;
  /** Club members only (no guests). */
  membersOnly?: boolean;
  max: number | null;
  clubCode: string | null;
  /** Where catches are made: the centre of the water fished. */
  spot: { lat: number; lng: number };
  species: string[];
  registrations: number;
  catches: number;
  /** The picture: light and foreground. */
  scene: { palette: ScenePalette; foreground: 'river' | 'beach' };
  status: 'active' | 'completed' | 'cancelled';
  rules?: string;
  prizes?: string;
}

const COMPETITION_RULES = `Registration 7am to 9am at the boat ramp or in the portal; fishing 7am to 2pm; presentation 4pm.
Fish only within the Tweed Shire: rivers, estuaries and beaches, no offshore.
Every fish photographed on a brag mat with the day's club code showing, logged in the portal from your phone.
NSW bag and size limits apply. Catch, click and release is encouraged.`;
const NIGHT_RULES = `Sign-on from 4:30pm at the river wall car park or in the portal; fishing 5pm to 11pm; weigh-in and presentation 11:30pm.
Fish only within the Tweed Shire: the river wall, Fingal Head and the beaches, no offshore.
Every fish photographed on a brag mat with the night's club code showing, logged in the portal from your phone. Bring a head torch.
NSW bag and size limits apply. Mulloway are to be released quickly and with care.`;
const STANDARD_PRIZES =
  '1st $100, 2nd $50 and 3rd $25 tackle vouchers in each category. Mystery fish $100 cash. Fish picture of the month: $100 voucher.';

export const EVENTS: DemoEvent[] = [
  {
    key: 'bream-flathead',
    name: 'Tweed River Bream & Flathead Classic',
    when: -12,
    time: '07:00',
    fee: '10.00',
    max: 60,
    clubCode: 'PELICAN',
    status: 'completed',
    description:
      'Our biggest river competition of the season: bream and dusky flathead from Chinderah to the river mouth. Boats and land-based anglers welcome.',
    location: 'Tweed River, Chinderah boat ramp',
    spot: { lat: -28.2372, lng: 153.5538 },
    species: ['Bream', 'Flathead', 'Flathead', 'Whiting', 'Trevally'],
    registrations: 22,
    catches: 13,
    scene: { palette: 'dawn', foreground: 'river' },
    rules: COMPETITION_RULES,
    prizes: STANDARD_PRIZES,
  },
  {
    key: 'cudgen',
    name: 'Cudgen Creek Family Fishing Day',
    when: -8,
    time: '07:00',
    fee: '0',
    max: 80,
    clubCode: 'SAND CRAB',
    status: 'completed',
    description:
      'A relaxed day on the creek for the whole family, with a sausage sizzle at Faulks Park and a casting clinic for the juniors at 10am.',
    location: 'Cudgen Creek, Kingscliff (Faulks Park)',
    spot: { lat: -28.2598, lng: 153.5768 },
    species: ['Whiting', 'Whiting', 'Bream', 'Flathead', 'Tailor'],
    registrations: 26,
    catches: 12,
    scene: { palette: 'morning', foreground: 'river' },
    rules: COMPETITION_RULES,
    prizes: 'Junior prizes in every category, donated by Tweed Tackle & Bait. Lucky door prizes at the sausage sizzle.',
  },
  {
    key: 'mulloway-bar',
    name: 'Tweed Bar Mulloway Session',
    when: -6,
    time: '07:00',
    fee: '10.00',
    max: 30,
    clubCode: null,
    status: 'cancelled',
    description: 'Cancelled: a large southerly swell closed the Tweed bar and the river wall. See you at the Mangrove Jack Challenge.',
    location: 'Tweed River wall, Letitia Spit',
    spot: { lat: -28.1668, lng: 153.5545 },
    species: [],
    registrations: 0,
    catches: 0,
    scene: { palette: 'dusk', foreground: 'beach' },
  },
  {
    key: 'jacks',
    name: 'Terranora Mangrove Jack Challenge',
    when: -4,
    time: '07:00',
    fee: '10.00',
    max: 40,
    clubCode: 'JACKATTACK',
    status: 'completed',
    description:
      'Chasing red devils around the snags and rock bars of the Terranora Broadwater and Terranora Creek. Bream and flathead count too.',
    location: 'Terranora Broadwater, Fraser Drive boat ramp',
    spot: { lat: -28.2079, lng: 153.5122 },
    species: ['Mangrove Jack', 'Mangrove Jack', 'Bream', 'Flathead', 'Trevally'],
    registrations: 18,
    catches: 11,
    scene: { palette: 'afternoon', foreground: 'river' },
    rules: COMPETITION_RULES,
    prizes: STANDARD_PRIZES,
  },
  {
    key: 'beach',
    name: 'Cabarita & Hastings Point Beach Comp',
    when: -2,
    time: '07:00',
    fee: '10.00',
    max: 50,
    clubCode: 'NORRIES',
    status: 'completed',
    description:
      'Beach and headland fishing from Norries Headland to the Hastings Point rock platform. Tailor, whiting and, with luck, a mulloway on the evening run-in.',
    location: 'Cabarita Beach (Norries Headland) to Hastings Point',
    spot: { lat: -28.3452, lng: 153.5721 },
    species: ['Tailor', 'Tailor', 'Whiting', 'Bream', 'Mulloway'],
    registrations: 20,
    catches: 11,
    scene: { palette: 'morning', foreground: 'beach' },
    rules: COMPETITION_RULES,
    prizes: STANDARD_PRIZES,
  },
  {
    key: 'today',
    name: 'Club Day at Jack Evans Boat Harbour',
    when: 'today',
    time: '06:00',
    fishingStart: '06:00',
    fishingEnd: '11:00',
    // Juniors fish free at club days; non-members pay the club's $15.
    fee: '10.00',
    juniorFee: '0',
    max: null,
    clubCode: 'SEAGULL',
    status: 'active',
    description:
      'An early start on the harbour and the river mouth: fish the morning tide, then coffee and a yarn at the harbour from 11am. Log your catches from the water with the portal.',
    location: 'Jack Evans Boat Harbour, Tweed Heads',
    spot: { lat: -28.1706, lng: 153.5432 },
    species: ['Bream', 'Tailor', 'Trevally', 'Flathead', 'Whiting'],
    registrations: 16,
    catches: 4,
    scene: { palette: 'dawn', foreground: 'river' },
    rules: COMPETITION_RULES.replace(
      /^.*\n/,
      'Sign-on from 5:30am at the harbour ramp or in the portal; fishing 6am to 11am; coffee and results at the harbour from 11am.\n',
    ),
    prizes: 'Bragging rights, and points towards the season ladder.',
  },
  {
    key: 'kingscliff',
    name: 'Kingscliff Beach Whiting Comp',
    when: 0,
    time: '07:00',
    fee: '10.00',
    max: 50,
    clubCode: 'PIPI',
    status: 'active',
    description: 'Sand whiting on the run-in tide along Kingscliff Beach. Worms and pipis are the go; bait available from the club tent.',
    location: 'Kingscliff Beach (Kingscliff Surf Club)',
    spot: { lat: -28.2546, lng: 153.5842 },
    species: [],
    registrations: 14,
    catches: 0,
    scene: { palette: 'morning', foreground: 'beach' },
    rules: COMPETITION_RULES,
    prizes: STANDARD_PRIZES,
  },
  {
    key: 'juniors',
    name: 'Junior Fishing Clinic & Comp',
    when: 2,
    time: '08:00',
    fishingStart: '10:00',
    fishingEnd: '12:00',
    fee: '0',
    max: 30,
    ageLimit: 'juniors',
    membersOnly: true,
    clubCode: 'NIPPER',
    status: 'active',
    description:
      'For members under 16: knots, rigs, casting and handling fish, with experienced members as mentors, then a two-hour comp. Rods and bait supplied. A parent or guardian must stay.',
    location: 'Mooball Creek, Pottsville',
    spot: { lat: -28.3873, lng: 153.5621 },
    species: [],
    registrations: 5,
    catches: 0,
    scene: { palette: 'afternoon', foreground: 'river' },
    rules: 'Juniors only (under 16), with a parent or guardian on site. Fishing 10am to 12pm after the clinic.',
    prizes: 'Medals for every junior; trophies for the longest bream, whiting and flathead.',
  },
  {
    key: 'tumbulgum',
    name: 'Tumbulgum River Jacks & Bream',
    when: 4,
    time: '07:00',
    fee: '10.00',
    max: 12,
    clubCode: 'RED DEVIL',
    status: 'active',
    description:
      'A small-boat comp on the upper Tweed around Tumbulgum and the Rous River junction. Numbers are limited by the ramp: first twelve to register.',
    location: 'Tweed River, Tumbulgum',
    spot: { lat: -28.2762, lng: 153.4647 },
    species: [],
    registrations: 12,
    catches: 0,
    scene: { palette: 'dawn', foreground: 'river' },
    rules: COMPETITION_RULES,
    prizes: STANDARD_PRIZES,
  },
  {
    key: 'mulloway',
    name: 'Tweed Coast Mulloway Classic',
    when: 7,
    time: '16:30',
    fishingStart: '17:00',
    fishingEnd: '23:00',
    fee: '15.00',
    max: 80,
    clubCode: 'JEWIE',
    status: 'active',
    description:
      'The season finale, fished at night when the mulloway come on the bite: from the river wall, Fingal Head and the beaches, 5pm to 11pm. A $500 prize for the heaviest legal mulloway released, thanks to Kingscliff Marine & Outboard.',
    location: 'Tweed River wall and Fingal Head',
    spot: { lat: -28.1969, lng: 153.5702 },
    species: [],
    registrations: 22,
    catches: 0,
    scene: { palette: 'dusk', foreground: 'beach' },
    rules: NIGHT_RULES,
    prizes: `${STANDARD_PRIZES} Mulloway released: $500 from Kingscliff Marine & Outboard.`,
  },
  {
    key: 'agm',
    name: 'Annual General Meeting & Sausage Sizzle',
    when: 9,
    time: '17:30',
    fee: '0',
    max: null,
    clubCode: null,
    status: 'active',
    description:
      'Reports from the committee, the season awards and the election of the new committee. Sausages on from 5:30pm, meeting at 6:30pm.',
    location: 'Club rooms, Chinderah Bay Drive, Chinderah',
    spot: { lat: -28.2372, lng: 153.5538 },
    species: [],
    registrations: 11,
    catches: 0,
    scene: { palette: 'dusk', foreground: 'river' },
  },
];

/** Realistic lengths (cm) of legal fish of each species in Tweed waters: [typical low, typical high]. */
export const SIZE_RANGES: Record<string, [number, number]> = {
  Bream: [25, 38],
  Flathead: [37, 74],
  Whiting: [27, 37],
  Mulloway: [72, 112],
  'Mangrove Jack': [36, 56],
  Trevally: [32, 62],
  Tailor: [31, 56],
};
/** A species without a range of its own: a fish of an ordinary size. */
export const DEFAULT_SIZE_RANGE: [number, number] = [30, 50];

export const CAMERAS: [string, string][] = [
  ['Apple', 'iPhone 13'],
  ['Apple', 'iPhone 14 Pro'],
  ['Apple', 'iPhone 15'],
  ['samsung', 'SM-S911B'],
  ['samsung', 'SM-A546E'],
  ['Google', 'Pixel 7'],
  ['Google', 'Pixel 8a'],
  ['OPPO', 'CPH2483'],
];

export interface DemoSponsor {
  companyName: string;
  contactPerson: string;
  email: string;
  phone: string;
  address: string;
  sponsorshipType: SponsorshipType;
  comments: string | null;
  appliedDaysAgo: number;
  outcome:
    | {
        status: 'active';
        reviewedDaysAgo: number;
        website: string;
        endsInDays: number | null;
        logo: { icon: LogoIcon; background: string; foreground: string; tagline: string };
        /** How the season's invoice was paid, and how many days after acceptance; absent: still unpaid. */
        paid?: DemoSponsorPayment;
        /** Renewed for the season after its invoice's, this many days ago (and perhaps paid). */
        renewed?: { daysAgo: number; paid?: DemoSponsorPayment };
      }
    | { status: 'declined'; reviewedDaysAgo: number }
    | { status: 'pending' };
}

/** A sponsor's payment: online through the demo provider, or recorded by the committee. */
export interface DemoSponsorPayment {
  method: 'demo' | 'bank_transfer' | 'cash' | 'cheque';
  daysAfter: number;
  reference?: string;
}

export const SPONSORS: DemoSponsor[] = [
  {
    companyName: 'Tweed Tackle & Bait',
    contactPerson: 'Gary Whitfield',
    email: `gary@tweedtackle.${DEMO_DOMAIN}`,
    phone: '(07) 5524 3310',
    address: 'Shop 4, 31 Minjungbal Drive, Tweed Heads South NSW 2486',
    sponsorshipType: 'shirt',
    comments: 'Happy to donate junior prizes as well.',
    appliedDaysAgo: 300,
    outcome: {
      status: 'active',
      reviewedDaysAgo: 297,
      website: 'https://tweedtackle.example',
      endsInDays: 220,
      logo: { icon: 'hook', background: '#0b3d6b', foreground: '#ffffff', tagline: 'Tweed Heads South' },
      paid: { method: 'bank_transfer', daysAfter: 6, reference: 'EFT TWEEDTACKLE' },
      renewed: { daysAgo: 150, paid: { method: 'demo', daysAfter: 9 } },
    },
  },
  {
    companyName: 'Kingscliff Marine & Outboard',
    contactPerson: 'Leanne Cho',
    email: `leanne@kingscliffmarine.${DEMO_DOMAIN}`,
    phone: '(02) 6674 1288',
    address: '12 Ozone Street, Chinderah NSW 2487',
    sponsorshipType: 'both',
    comments: 'We would like to put up the $500 mulloway prize for the Classic.',
    appliedDaysAgo: 120,
    outcome: {
      status: 'active',
      reviewedDaysAgo: 115,
      website: 'https://kingscliffmarine.example',
      endsInDays: null,
      logo: { icon: 'anchor', background: '#f1f3f5', foreground: '#0b3d6b', tagline: 'Servicing · Sales · Parts' },
      paid: { method: 'demo', daysAfter: 2 },
      renewed: { daysAgo: 3 },
    },
  },
  {
    companyName: 'Northern Rivers Fishing Charters',
    contactPerson: 'Rob Kingsley',
    email: `rob@nrcharters.${DEMO_DOMAIN}`,
    phone: '0412 903 557',
    address: 'Jack Evans Boat Harbour, Tweed Heads NSW 2485',
    sponsorshipType: 'shirt',
    comments: null,
    appliedDaysAgo: 140,
    outcome: {
      status: 'active',
      reviewedDaysAgo: 138,
      website: 'https://nrcharters.example',
      endsInDays: 200,
      logo: { icon: 'sun', background: '#1864ab', foreground: '#ffe066', tagline: 'Tweed Heads' },
      paid: { method: 'bank_transfer', daysAfter: 20, reference: 'NRFC INV 2231' },
    },
  },
  {
    companyName: 'Wollumbin Boat Hire',
    contactPerson: 'Pete Sorensen',
    email: `pete@wollumbinboats.${DEMO_DOMAIN}`,
    phone: '0427 450 918',
    address: '2 Riverside Drive, Tumbulgum NSW 2490',
    sponsorshipType: 'website',
    comments: 'Club members get 10% off half-day hire.',
    appliedDaysAgo: 200,
    outcome: {
      status: 'active',
      reviewedDaysAgo: 198,
      website: 'https://wollumbinboats.example',
      endsInDays: 165,
      logo: { icon: 'boat', background: '#2b8a3e', foreground: '#ffffff', tagline: 'Tumbulgum' },
      paid: { method: 'cheque', daysAfter: 10, reference: 'Chq 004417' },
    },
  },
  {
    companyName: 'Salt & Ice Seafood Co.',
    contactPerson: 'Maria Costa',
    email: `maria@saltandice.${DEMO_DOMAIN}`,
    phone: '(02) 6676 4431',
    address: '1 Pandanus Parade, Cabarita Beach NSW 2488',
    sponsorshipType: 'website',
    comments: null,
    appliedDaysAgo: 60,
    outcome: {
      status: 'active',
      reviewedDaysAgo: 57,
      website: 'https://saltandice.example',
      endsInDays: 305,
      logo: { icon: 'fish', background: '#e8590c', foreground: '#ffffff', tagline: 'Cabarita Beach' },
    },
  },
  {
    companyName: 'Pottsville Surf & Tackle',
    contactPerson: 'Amy Lees',
    email: `amy@pottsvillesurf.${DEMO_DOMAIN}`,
    phone: '0438 227 164',
    address: '8 Coronation Avenue, Pottsville NSW 2489',
    sponsorshipType: 'website',
    comments: 'We would also love to help with the Junior Fishing Clinic — rods and bait for the kids.',
    appliedDaysAgo: 2,
    outcome: { status: 'pending' },
  },
  {
    companyName: 'Coolangatta Jet Ski Tours',
    contactPerson: 'Brad Simmons',
    email: `brad@jetskitours.${DEMO_DOMAIN}`,
    phone: '0401 665 902',
    address: 'Coolangatta QLD 4225',
    sponsorshipType: 'website',
    comments: 'Keen to reach local boaties.',
    appliedDaysAgo: 90,
    outcome: { status: 'declined', reviewedDaysAgo: 88 },
  },
];

/** The landing page's texts in the club's own words (the others keep their built-in defaults). */
export const LANDING_TEXTS: Partial<Record<LandingKey, string>> = {
  hero_title: 'Tweed Coast Anglers Club',
  hero_subtitle:
    'Bream on the Tweed, whiting off Kingscliff, jacks in the Terranora Broadwater: fish the rivers, estuaries and beaches of the Tweed Shire with fifty-odd friendly locals.',
  feature_community_desc:
    'Members from Tweed Heads to Murwillumbah and Pottsville share spots, rigs and lifts to the ramp. New to fishing? Someone will show you the ropes.',
  feature_events_desc: 'A club competition most months, a dawn club day on the harbour, a junior clinic and the AGM sausage sizzle.',
  feature_competitions_desc:
    'Seven categories from bream to mulloway, judged from brag-mat photos logged on your phone, with champion points for the season ladder.',
  feature_experience_desc:
    'Our life members have fished the Tweed for forty years: tides, bar crossings, live bait and where the jacks hide.',
  final_cta_desc: 'Sign in to register for the next competition and log your catches from the water.',
};

export const HOME_ABOUT_HTML = `<h2>G'day and welcome</h2>
<p>The Tweed Coast Anglers Club has been fishing the <strong>Tweed River, its creeks and the beaches from Fingal Head to Hastings Point</strong> since 1987. We are a family club: juniors fish free at club days, and every competition has a category for them.</p>
<p>Competitions run most months from the Chinderah ramp, Jack Evans Boat Harbour, Cudgen Creek and the Terranora Broadwater. Every fish is photographed on a brag mat with the day's club code and logged from your phone, so you can fish where you like inside the Tweed Shire.</p>
<ul>
  <li><strong>Club meetings:</strong> first Tuesday of the month, 7:00 pm, at the club rooms in Chinderah.</li>
  <li><strong>New members</strong> get a brag mat and a club shirt at their first competition.</li>
  <li>A valid <a href="https://www.dpi.nsw.gov.au/fishing/licence" target="_blank">NSW recreational fishing licence</a> is required for everyone 18 and over.</li>
</ul>`;

export const PAGES = [
  {
    title: 'About the Club',
    slug: 'about',
    published: true,
    metaDescription: 'The Tweed Coast Anglers Club: a family fishing club on the Tweed Coast of New South Wales since 1987.',
    content: `<h2>Our story</h2>
<p>A handful of Chinderah and Kingscliff anglers started the club in 1987 to run a monthly bream competition on the Tweed River. Today about fifty members and their families fish the rivers, estuaries and beaches of the Tweed Shire.</p>
<h2>What we stand for</h2>
<ul><li>Fishing within the NSW bag and size limits, and releasing what we do not need.</li><li>Passing on local knowledge to juniors and newcomers.</li><li>Looking after the Tweed: clean-up days at the boat ramps twice a year.</li></ul>
<h2>Contact</h2>
<p>E-mail the committee at <a href="mailto:committee@${DEMO_DOMAIN}">committee@${DEMO_DOMAIN}</a>.</p>`,
  },
  {
    title: 'Where to Fish on the Tweed',
    slug: 'where-to-fish',
    published: true,
    metaDescription: 'Boat ramps and land-based spots around the Tweed Shire that our members fish.',
    content: `<h2>Boat ramps</h2>
<table><thead><tr><th scope="col">Ramp</th><th scope="col">Good for</th></tr></thead><tbody>
<tr><td>Chinderah (Chinderah Bay Drive)</td><td>Bream and flathead on the lower Tweed</td></tr>
<tr><td>Fraser Drive, Tweed Heads South</td><td>The Terranora Broadwater: jacks, bream, flathead</td></tr>
<tr><td>Jack Evans Boat Harbour</td><td>The river mouth and the bar (check conditions first)</td></tr>
<tr><td>Tumbulgum</td><td>The upper Tweed and the Rous River</td></tr></tbody></table>
<h2>Land-based</h2>
<p>Cudgen Creek at Faulks Park, Mooball Creek at Pottsville, the Tweed River wall and the beaches from Kingscliff to Hastings Point. Respect the closures around the river mouth and the marine park sanctuary zones.</p>`,
  },
  {
    title: 'Committee & Contacts',
    slug: 'committee',
    published: false,
    metaDescription: null,
    content: `<h2>Committee</h2><p>President: Graham Fletcher. Secretary: Karen Mitchell. Treasurer: Kylie Jenkins. Competitions: Rhys Donovan.</p><p><em>Draft: update after the AGM.</em></p>`,
  },
];

/** The sections of the content pages, after each page's own text, in order. `photo` is a stored image placed in the text. */
export const PAGE_SECTIONS = (photo: { src: string; width: number; height: number }) => [
  {
    pageSlug: 'about',
    sectionKey: 'main_content',
    title: 'A club day',
    contentType: 'html' as const,
    sortOrder: 0,
    content: `<h2>A club day</h2>
<p>Members sign on at the Chinderah boat ramp from 5:30 am, collect the day's club code and fish until 1:00 pm. Every fish is photographed on a brag mat with the code card in shot, logged from the phone on the riverbank, and judged in the afternoon.</p>
<p><img src="${photo.src}" alt="Members wading the sand flats at the mouth of Cudgen Creek on a club day" width="${photo.width}" height="${photo.height}"></p>
<p>Afterwards there is a barbecue at Faulks Park and the results go up on the live board.</p>`,
  },
  {
    pageSlug: 'about',
    sectionKey: 'juniors',
    title: 'Juniors',
    contentType: 'text' as const,
    sortOrder: 1,
    content:
      'Juniors under 16 fish free at every club day with a parent or guardian who is a member.\n\nOur juniors officer runs a rigging and knots session before the first competition of each season.',
  },
  {
    pageSlug: 'about',
    sectionKey: 'meetings',
    title: 'Meetings',
    contentType: 'html' as const,
    sortOrder: 2,
    content:
      '<h2>Meetings</h2><p>General meetings are on the <strong>first Tuesday of the month at 7:00 pm</strong> in the club rooms at Chinderah. Visitors are welcome.</p>',
  },
  {
    pageSlug: 'where-to-fish',
    sectionKey: 'tides_and_safety',
    title: 'Tides and safety',
    contentType: 'html' as const,
    sortOrder: 0,
    content: `<h2>Tides and safety</h2>
<ul><li>The lower Tweed fishes best on the first two hours of the run-out tide.</li><li>Check the Tweed bar conditions with Marine Rescue Point Danger before crossing.</li><li>Wear a lifejacket in a small boat, and always when crossing the bar.</li></ul>
<p>Bag and size limits: see the <a href="https://www.dpi.nsw.gov.au/fishing/recreational/fishing-rules-and-regs" target="_blank">NSW DPI fishing rules</a>.</p>`,
  },
  {
    pageSlug: 'where-to-fish',
    sectionKey: 'notes_draft',
    title: 'New spots (draft)',
    contentType: 'text' as const,
    sortOrder: 1,
    published: false,
    content: 'Kerosene Inlet after the dredging: to be checked.',
  },
  // A published section of the committee page, which is still a draft: visitors see neither until the page is published.
  {
    pageSlug: 'committee',
    sectionKey: 'meetings',
    title: 'Committee meetings',
    contentType: 'text' as const,
    sortOrder: 0,
    content: 'The committee meets on the first Tuesday of each month at 7 pm at the Chinderah Tavern. Members are welcome.',
  },
];

/** The published pages in the menu and the footer. */
export const SITE_NAVIGATION = {
  settingKey: 'site_navigation',
  settingType: 'json' as const,
  settingValue: JSON.stringify({ menu: ['about', 'where-to-fish'], footer: ['about', 'where-to-fish'] }),
};

/** The demo club's ABN, printed on its receipts. */
export const DEMO_ABN = '53004085616';

export const SETTINGS = [
  { settingKey: 'site_title', settingValue: 'Tweed Coast Anglers Club', settingType: 'text' as const },
  { settingKey: 'contact_email', settingValue: `committee@${DEMO_DOMAIN}`, settingType: 'text' as const },
  { settingKey: 'account_code_membership', settingValue: '200', settingType: 'text' as const },
  { settingKey: 'account_code_event', settingValue: '201', settingType: 'text' as const },
  { settingKey: 'account_code_sponsorship', settingValue: '202', settingType: 'text' as const },
  // Printed on members' receipts; the club is not registered for GST, so receipts say 'No GST has been charged'.
  { settingKey: 'club_address', settingValue: 'PO Box 412, Kingscliff NSW 2487', settingType: 'text' as const },
  {
    settingKey: 'meeting_night',
    settingValue: 'First Tuesday of the month, 7:00 pm, club rooms in Chinderah',
    settingType: 'text' as const,
    description: 'Shown in the newsletter footer.',
  },
  { settingKey: 'brag_mat_stock', settingValue: '18', settingType: 'number' as const, description: 'Brag mats left for new members.' },
];

export const REJECT_REASONS = {
  noCode: 'The club code is not visible on the brag mat. Please keep the code card in the photo.',
  dayBefore: 'The photo was taken the day before the competition (camera time 5:48 pm). Only fish caught during competition hours count.',
  outside:
    'Caught outside the Tweed Shire: the GPS shows Currumbin Creek in Queensland. Competition waters are inside the Tweed Shire only.',
  duplicate: 'This is the same photo as a catch entered at an earlier competition, cropped and saved again.',
};
