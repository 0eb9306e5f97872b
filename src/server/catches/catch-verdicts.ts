import type { EntityManager } from '@mikro-orm/postgresql';
import type { ClubProfile } from '../../shared/club-profile';
import type { PushMessage } from '../../shared/notifications';
import { AuditLog, type Catch } from '../db/entities';
import { catchVerdictMessage, type CatchCorrection, type CatchVerdict, type CatchVerdictFacts } from '../emails/catches.emails';
import type { RenderedEmail } from '../emails/layout';
import { reachableUser, type Recipient } from '../notifications/notifications.service';

/** A catch as its angler logged it (before any correction): what a verdict names. */
export interface LoggedFish {
  species: string;
  sizeCm: number;
}

/** The verdict a decision makes: a rejection with its reason, or an approval, with what the judge corrected. */
export function verdictOf(judged: Catch, logged: LoggedFish): CatchVerdict {
  if (judged.status === 'rejected') return { kind: 'rejected', reason: judged.rejectReason ?? '' };
  const corrections: CatchCorrection[] = [];
  if (Number(logged.sizeCm) !== Number(judged.sizeCm))
    corrections.push({ what: 'size', from: `${Number(logged.sizeCm)} cm`, to: `${Number(judged.sizeCm)} cm` });
  if (logged.species !== judged.species) corrections.push({ what: 'species', from: logged.species, to: judged.species });
  return corrections.length ? { kind: 'corrected', corrections } : { kind: 'approved' };
}

/** A verdict ready to go: who hears of it, the push, and the e-mail that goes instead when no push arrives. */
export interface VerdictNotice {
  to: Recipient;
  push: PushMessage;
  email: () => Promise<RenderedEmail>;
}

/**
 * The notice of a verdict for whoever hears of the angler: their own account; for a junior without one, the
 * household's primary member's (naming the junior); for an angler without an account (a guest), their own address.
 * Null when there is nobody to tell. A verdict after a reopened decision says the judges looked a second time. The
 * e-mail speaks in the club's words (`club`, its profile).
 */
export async function verdictNotice(
  em: EntityManager,
  judged: Catch,
  logged: LoggedFish,
  verdict: CatchVerdict,
  site: { publicUrl: string; club: ClubProfile },
): Promise<VerdictNotice | null> {
  const user = await reachableUser(em, judged.angler);
  const to: Recipient | null = user
    ? { userId: user.id, email: user.email, firstName: user.firstName }
    : judged.angler.email
      ? { userId: null, email: judged.angler.email, firstName: judged.angler.firstName }
      : null;
  if (!to) return null;
  const reconsidered =
    verdict.kind !== 'reopened' && (await em.count(AuditLog, { entityType: 'Catch', entityId: judged.id, action: 'catch.reopen' })) > 0;
  const facts: CatchVerdictFacts = {
    readerFirstName: to.firstName,
    anglerFirstName: user && judged.angler.user?.id !== user.id ? judged.angler.firstName : null,
    species: logged.species,
    size: String(Number(logged.sizeCm)),
    eventName: judged.event.name,
    reconsidered,
    catchesUrl: `${site.publicUrl}/member?tab=catches`,
  };
  return { to, push: verdictPush(judged, facts, verdict), email: () => catchVerdictMessage(site.club, { ...facts, verdict }) };
}

/** The push of a verdict: the same news as the e-mail, short enough for a phone's notification. */
function verdictPush(judged: Catch, f: CatchVerdictFacts, verdict: CatchVerdict): PushMessage {
  const whose = f.anglerFirstName ? `${f.anglerFirstName}'s` : 'your';
  const fish = `${f.species} (${f.size} cm) at ${f.eventName}`;
  const subject = `${f.reconsidered ? 'After a second look, ' : ''}${f.reconsidered ? whose : whose[0].toUpperCase() + whose.slice(1)} ${fish}`;
  const base = { url: '/member?tab=catches', tag: `catch-${judged.id}` };
  switch (verdict.kind) {
    case 'rejected':
      return {
        ...base,
        title: `Catch not accepted: ${f.species}`,
        body: `${subject} was not accepted. The judges' reason: ${verdict.reason}`,
      };
    case 'corrected':
      return {
        ...base,
        title: `Catch approved: ${judged.species}`,
        body: `${subject} was approved, corrected to ${judged.species} (${Number(judged.sizeCm)} cm).`,
      };
    case 'approved':
      return { ...base, title: `Catch approved: ${f.species}`, body: `${subject} was approved and counts towards the results.` };
    case 'reopened':
      return {
        ...base,
        title: `Catch being judged again: ${f.species}`,
        body:
          verdict.was === 'verified'
            ? `The judges are looking again at ${whose} ${fish}, which they had approved. It does not count until they decide again.`
            : `The judges are looking again at ${whose} ${fish}, which they had not accepted. You will hear their decision.`,
      };
  }
}
