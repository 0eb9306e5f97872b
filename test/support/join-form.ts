import { addYears, type IsoDate } from '../../src/shared/dates';
import { EXAMPLE_CLUB_DOCUMENTS } from '../../src/shared/club-example';
import { acceptedVersions } from '../../src/shared/documents';

let counter = 0;

/**
 * A complete join form as the browser's typed procedure takes it (gender, acceptances, the club documents at their
 * versions), with a name and e-mail address of its own on every call; `overrides` win. `today` is the club's today
 * by the test app's clock (the adult is 35 on it).
 */
export function joinForm(today: IsoDate, overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    firstName: 'Alex',
    lastName: `Tailor${counter}`,
    email: `joiner${counter}@example.com`,
    phone: '0412 345 678',
    address: '1 Wharf St, Tweed Heads NSW 2485',
    dateOfBirth: addYears(today, -35),
    gender: 'male',
    shirtSize: 'L',
    membershipType: 'adult',
    termsAccepted: true,
    codeOfConductAccepted: true,
    documentsAccepted: acceptedVersions(EXAMPLE_CLUB_DOCUMENTS),
    ...overrides,
  };
}
