import { MEMBERSHIP_RULES_ID, MEMBERSHIP_TYPES, type MembershipRules } from '../../shared/membership';
import { pageSetting } from './page-setting';

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** Rules as the server wrote them (checked in full by their schema when saved): only their shape is checked here. */
function isRules(value: unknown): value is MembershipRules {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<Record<keyof MembershipRules, Record<string, unknown>>> & { juniorUnder?: unknown };
  return (
    typeof v.feesCents === 'object' &&
    v.feesCents !== null &&
    MEMBERSHIP_TYPES.every((type) => isCount(v.feesCents![type])) &&
    isCount(v.familyLimits?.adults) &&
    isCount(v.familyLimits?.juniors) &&
    isCount(v.juniorUnder) &&
    (v.year?.kind === 'fromJoining' || (v.year?.kind === 'fixed' && typeof v.year.startsOn === 'string'))
  );
}

/** Until the rules are known (only ever briefly, on a page served without them): nothing priced, nobody a junior. */
const UNKNOWN_RULES: MembershipRules = {
  feesCents: { adult: 0, junior: 0, family: 0 },
  familyLimits: { adults: 1, juniors: 1 },
  juniorUnder: 0,
  year: { kind: 'fromJoining' },
};

const rules = pageSetting<MembershipRules>({ id: MEMBERSHIP_RULES_ID, path: 'club.membership', isValid: isRules, unknown: UNKNOWN_RULES });

/** Takes the club's membership rules (the page's, the device's copy, or the ones just saved in Admin → Club settings). */
export const setMembershipRules = rules.set;
/** At start: the rules the page came with, else the device's copy, else asks the API. */
export const keepMembershipRules = rules.keep;
/** The club's fees, family limits, junior age and membership year, outside a component. */
export const membershipRules = rules.get;
/** The club's fees, family limits, junior age and membership year in a component: it redraws when they are saved anew. */
export const useMembershipRules = rules.use;

const some = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Who a family membership covers: '2 adults and 3 juniors', '1 adult and 1 junior'. */
export const familyCovers = ({ familyLimits }: Pick<MembershipRules, 'familyLimits'>) =>
  `${some(familyLimits.adults, 'adult')} and ${some(familyLimits.juniors, 'junior')}`;

/** How many people may pay with the one joining as a family: the club's family limits less that person. */
export const familyRoom = ({ familyLimits }: Pick<MembershipRules, 'familyLimits'>) => familyLimits.adults + familyLimits.juniors - 1;
