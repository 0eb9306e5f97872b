import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { mysteryFishWinner, mysteryLengthText, type MysteryFish as MysteryFishValue, type MysteryLength } from '../../shared/competition';
import type { MysteryFishAdminView, MysteryFishView } from '../../shared/competition.schema';
import { formatClubDateTime } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { fishingCloses } from '../../shared/events';
import type { Clock } from '../clock';
import type { ClubSettingsService } from '../club/club-settings.service';
import { listedSpecies } from '../club/listed-species';
import { Catch, Event, MysteryFish, User } from '../db/entities';
import { recordAudit } from '../platform/audit.service';
import { requireUser, type Actor } from '../platform/actor';
import { objectUrl, thumbnailKey } from '../platform/object-keys';
import { Sealer } from '../platform/sealing';

export interface MysteryFishDeps {
  clock: Clock;
  /** The site's secret (SESSION_SECRET or the one generated into DATA_DIR); the sealing key is derived from it. */
  sealingSecret?: string;
  /** The club's competition rules: what the mystery fish wins. */
  club: Pick<ClubSettingsService, 'competition' | 'species'>;
}

type Row = MysteryFish;

const nameOf = (user: User | null | undefined) => (user ? `${user.firstName} ${user.lastName}` : null);

/** The fish in one fixed shape (and key order), so that the same fish sealed twice is recognised as the same. */
function normalised(species: string, length: MysteryLength): MysteryFishValue {
  return {
    species,
    length:
      length.kind === 'exact' ? { kind: 'exact', lengthCm: length.lengthCm } : { kind: 'range', minCm: length.minCm, maxCm: length.maxCm },
  };
}

/**
 * The mystery fish of an event: set and sealed by the committee before the day, replaced while it is still sealed,
 * and revealed at the presentation once fishing has closed, which names the winner among the event's verified
 * catches (shared/competition.ts has the rule). Until then nothing the site serves says what it is: not to
 * members, visitors or other admins, not in the audit log (see sealing.ts).
 */
export class MysteryFishService {
  private readonly sealer: Sealer | null;

  constructor(private readonly deps: MysteryFishDeps) {
    this.sealer = deps.sealingSecret ? new Sealer(deps.sealingSecret, 'mystery-fish v1') : null;
  }

  /** What anyone may read of an event's mystery fish: whether there is one, and once revealed what it was and who won. */
  async view(em: EntityManager, eventId: string): Promise<MysteryFishView> {
    const event = await em.findOne(Event, { id: eventId });
    if (!event) throw new AppError('NOT_FOUND', 'That event does not exist.');
    const row = await em.findOne(MysteryFish, { event }, { populate: ['winnerCatch'] });
    return this.publicView(await this.prize(em), event, row);
  }

  /** The committee's view of every event's mystery fish that has one (an event missing here has none). */
  async adminList(em: EntityManager): Promise<MysteryFishAdminView[]> {
    const rows = await em.find(MysteryFish, {}, { populate: ['event', 'sealedBy', 'revealedBy', 'winnerCatch'] });
    const pending = await pendingCatches(
      em,
      rows.map((r) => r.event.id),
    );
    const prize = await this.prize(em);
    return rows.map((row) => this.adminView(prize, row.event, row, pending.get(row.event.id) ?? 0));
  }

  /**
   * Seals (or replaces, while still sealed) an event's mystery fish; audited with the commitment only. Refused once
   * revealed, and once fishing has closed (the catches are in by then: a fish chosen after seeing them is no
   * mystery). The same fish sent again (a retry) changes nothing.
   */
  async seal(
    em: EntityManager,
    actor: Actor,
    input: { eventId: string; species: string; length: MysteryLength },
  ): Promise<MysteryFishAdminView> {
    const sealer = this.requireSealer();
    const species = (await listedSpecies(this.deps.club, em, input.species, 'species')).name;
    const prize = await this.prize(em);
    const view = await em.transactional(async (tem) => {
      const user = await tem.findOneOrFail(User, { id: requireUser(actor).id });
      // Locked: two committee members sealing at once (or a retry racing its first try) seal one after the other.
      const event = await tem.findOne(Event, { id: input.eventId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!event) throw new AppError('NOT_FOUND', 'That event does not exist.');
      if (event.status === 'cancelled')
        throw new AppError('BAD_REQUEST', `${event.name} is cancelled: there is no presentation to reveal a mystery fish at.`, {
          field: 'eventId',
        });
      const existing = await tem.findOne(MysteryFish, { event }, { populate: ['sealedBy', 'revealedBy', 'winnerCatch'] });
      if (existing?.revealedAt)
        throw new AppError('CONFLICT', `The mystery fish for ${event.name} has been revealed: it can no longer be replaced.`);
      const now = this.deps.clock.now();
      const closes = fishingCloses(event);
      if (now >= closes)
        throw new AppError(
          'CONFLICT',
          `Fishing for ${event.name} closed at ${formatClubDateTime(closes)}. The mystery fish is sealed before then: once the catches are in it can no longer be set or replaced.`,
        );
      const fish = normalised(species, input.length);
      if (existing) {
        const opened = sealer.open<MysteryFishValue>(existing.sealed, event.id);
        if (opened && JSON.stringify(opened.value) === JSON.stringify(fish))
          return this.adminView(prize, event, existing, await pendingCount(tem, event.id));
      }
      const { sealed, commitment } = sealer.seal(fish, event.id);
      const before = existing
        ? { commitment: existing.commitment, sealedBy: existing.sealedBy?.email ?? null, sealedAt: existing.sealedAt.toISOString() }
        : null;
      const row =
        existing ??
        tem.create(MysteryFish, {
          event,
          sealed,
          commitment,
          sealedBy: user,
          sealedAt: now,
          revealed: null,
          winner: null,
          winnerCatch: null,
        });
      row.sealed = sealed;
      row.commitment = commitment;
      row.sealedBy = user;
      row.sealedAt = now;
      // The species and length are in neither: only the commitment, which says nothing without the sealed nonce.
      recordAudit(tem, {
        actor: user,
        action: existing ? 'mysteryFish.replace' : 'mysteryFish.seal',
        entityType: 'MysteryFish',
        entityId: event.id,
        before,
        after: { commitment, sealedBy: user.email, sealedAt: now.toISOString() },
      });
      await tem.flush();
      return this.adminView(prize, event, row, await pendingCount(tem, event.id));
    });
    return view;
  }

  /**
   * Opens the seal at the presentation and names the winner; audited with the fish, the sealed text (whose SHA-256
   * is the commitment recorded when it was sealed) and the winner. Only once fishing has closed and the judges have
   * decided every catch of the event. Revealing again answers with the same result.
   */
  async reveal(em: EntityManager, actor: Actor, eventId: string): Promise<MysteryFishAdminView> {
    const sealer = this.requireSealer();
    const prize = await this.prize(em);
    const view = await em.transactional(async (tem) => {
      const user = await tem.findOneOrFail(User, { id: requireUser(actor).id });
      const event = await tem.findOne(Event, { id: eventId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!event) throw new AppError('NOT_FOUND', 'That event does not exist.');
      const row = await tem.findOne(MysteryFish, { event }, { populate: ['sealedBy', 'revealedBy', 'winnerCatch'] });
      if (!row) throw new AppError('CONFLICT', `No mystery fish was set for ${event.name}, so there is nothing to reveal.`);
      if (row.revealedAt) return this.adminView(prize, event, row, await pendingCount(tem, event.id));
      const now = this.deps.clock.now();
      const closes = fishingCloses(event);
      if (now < closes)
        throw new AppError(
          'CONFLICT',
          `The mystery fish is revealed at the presentation, once fishing has closed: fishing for ${event.name} closes at ${formatClubDateTime(closes)}.`,
        );
      const pending = await pendingCount(tem, event.id);
      // Every catch gets its chance: the count, not the species, so the refusal gives nothing away.
      if (pending)
        throw new AppError(
          'CONFLICT',
          `${pending === 1 ? '1 catch' : `${pending} catches`} of ${event.name} still ${pending === 1 ? 'waits' : 'wait'} for the judges. Judge ${pending === 1 ? 'it' : 'them'} first, so every catch has its chance at the mystery fish.`,
        );
      const opened = sealer.open<MysteryFishValue>(row.sealed, event.id);
      if (!opened)
        throw new AppError(
          'CONFLICT',
          `The mystery fish for ${event.name} was sealed under another site secret (SESSION_SECRET has changed since) and cannot be opened. Put the earlier SESSION_SECRET back to reveal it.`,
        );
      const fish = opened.value;
      const winning = mysteryFishWinner(fish, await verifiedCatches(tem, event.id));
      const winnerCatch = winning ? await tem.findOneOrFail(Catch, { id: winning.id }, { populate: ['angler'] }) : null;
      row.revealed = fish;
      row.revealedAt = now;
      row.revealedBy = user;
      row.winnerCatch = winnerCatch;
      row.winner = winnerCatch
        ? {
            catchId: winnerCatch.id,
            anglerName: `${winnerCatch.angler.firstName} ${winnerCatch.angler.lastName}`,
            sizeCm: Number(winnerCatch.sizeCm),
            caughtAt: winnerCatch.caughtAt.toISOString(),
          }
        : null;
      recordAudit(tem, {
        actor: user,
        action: 'mysteryFish.reveal',
        entityType: 'MysteryFish',
        entityId: event.id,
        before: { commitment: row.commitment },
        after: {
          species: fish.species,
          length: mysteryLengthText(fish.length),
          sealedText: opened.plain,
          commitment: opened.commitment,
          winner: row.winner ?? 'No winner',
        },
      });
      await tem.flush();
      return this.adminView(prize, event, row, 0);
    });
    return view;
  }

  private requireSealer(): Sealer {
    if (!this.sealer)
      throw new AppError('SERVICE_UNAVAILABLE', 'The mystery fish cannot be sealed or opened: this site has no secret key set up.');
    return this.sealer;
  }

  /** What the mystery fish wins: the club's competition rules say. */
  private async prize(em: EntityManager): Promise<string> {
    return (await this.deps.club.competition(em)).mysteryFishPrize.text;
  }

  private publicView(prize: string, event: Event, row: Row | null): MysteryFishView {
    const base = { eventId: event.id, eventName: event.name, prize };
    if (!row) return { ...base, state: 'none' };
    if (!row.revealedAt || !row.revealed) return { ...base, state: 'sealed' };
    // The winning photo shows the brag mat with the day's code: only once fishing has closed (revealing waits for that).
    const photoShown = this.deps.clock.now() >= fishingCloses(event) && row.winnerCatch;
    return {
      ...base,
      state: 'revealed',
      species: row.revealed.species,
      lengthText: mysteryLengthText(row.revealed.length),
      winner: row.winner
        ? {
            anglerName: row.winner.anglerName,
            sizeCm: row.winner.sizeCm,
            caughtAt: row.winner.caughtAt,
            thumbnailUrl: photoShown ? objectUrl(thumbnailKey(row.winnerCatch!.photoKey)) : null,
            photoUrl: photoShown ? objectUrl(row.winnerCatch!.photoKey) : null,
          }
        : null,
    };
  }

  private adminView(prize: string, event: Event, row: Row | null, pending: number): MysteryFishAdminView {
    return {
      ...this.publicView(prize, event, row),
      sealedByName: nameOf(row?.sealedBy),
      sealedAt: row?.sealedAt.toISOString() ?? null,
      revealedByName: nameOf(row?.revealedBy),
      revealedAt: row?.revealedAt?.toISOString() ?? null,
      fishingClosesAt: fishingCloses(event).toISOString(),
      pendingCatches: pending,
    };
  }

  /** One event's mystery fish for the committee (state 'none' when not set). */
  async adminOne(em: EntityManager, eventId: string): Promise<MysteryFishAdminView> {
    const event = await em.findOne(Event, { id: eventId });
    if (!event) throw new AppError('NOT_FOUND', 'That event does not exist.');
    const row = await em.findOne(MysteryFish, { event }, { populate: ['sealedBy', 'revealedBy', 'winnerCatch'] });
    return this.adminView(await this.prize(em), event, row, await pendingCount(em, event.id));
  }
}

/**
 * The verified catches of an event that count: those of anglers not disqualified from it (the results' rule).
 */
async function verifiedCatches(em: EntityManager, eventId: string) {
  // em.execute, not the bare connection: inside the reveal's transaction (and the demo's seeding) its rows count.
  const rows = await em.execute<{ id: string; species: string; size_cm: string; caught_at: Date }[]>(
    `select c.id, c.species, c.size_cm, c.caught_at from catches c
     where c.event_id = ? and c.status = 'verified'
       and not exists (select 1 from event_registrations r
         where r.event_id = c.event_id and r.member_id = c.angler_id and r.disqualified_at is not null)`,
    [eventId],
  );
  return rows.map((r) => ({ id: r.id, species: r.species, sizeCm: Number(r.size_cm), caughtAt: r.caught_at }));
}

async function pendingCount(em: EntityManager, eventId: string): Promise<number> {
  return em.count(Catch, { event: eventId, status: 'pending' });
}

async function pendingCatches(em: EntityManager, eventIds: string[]): Promise<Map<string, number>> {
  if (!eventIds.length) return new Map();
  const rows = await em.execute<{ event_id: string; n: string }[]>(
    `select event_id, count(*) as n from catches where status = 'pending' and event_id in (?) group by event_id`,
    [eventIds],
  );
  return new Map(rows.map((r) => [r.event_id, Number(r.n)]));
}
