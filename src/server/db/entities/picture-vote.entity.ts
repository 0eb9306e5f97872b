import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Catch } from './catch.entity';
import { Member } from './member.entity';
import { User } from './user.entity';

/** A member's one vote for the fish picture of a month ('YYYY-MM', the month the catch was caught in, club time). */
const PictureVoteSchema = defineEntity({
  name: 'PictureVote',
  tableName: 'picture_votes',
  uniques: [{ properties: ['month', 'voter'] }],
  indexes: [{ properties: ['month', 'createdAt'] }, { properties: ['catch'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    month: p.string().length(7),
    voter: () => p.manyToOne(Member).deleteRule('cascade'),
    catch: () => p.manyToOne(Catch).deleteRule('cascade'),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class PictureVote extends PictureVoteSchema.class {}
PictureVoteSchema.setClass(PictureVote);

/** The winner named when the vote closed, as it was announced (kept should the catch change later). */
export interface PictureWinnerSnapshot {
  anglerName: string;
  species: string;
  sizeCm: number;
  eventName: string;
  votes: number;
}

/** A month whose vote the committee has closed, and the picture it named (none when nobody voted). */
const PictureMonthSchema = defineEntity({
  name: 'PictureMonth',
  tableName: 'picture_months',
  properties: {
    month: p.string().length(7).primary(),
    closedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    closedAt: p.datetime(),
    winnerCatch: () => p.manyToOne(Catch).nullable().deleteRule('set null'),
    winner: p.json<PictureWinnerSnapshot>().nullable(),
  },
});

export class PictureMonth extends PictureMonthSchema.class {}
PictureMonthSchema.setClass(PictureMonth);
