import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { MysteryFish as MysteryFishValue } from '../../../shared/competition';
import { Catch } from './catch.entity';
import { Event } from './event.entity';
import { User } from './user.entity';

/** The winner named at the reveal, as the presentation announced it (kept should the catch change later). */
export interface MysteryFishWinner {
  catchId: string;
  anglerName: string;
  sizeCm: number;
  caughtAt: string;
}

/**
 * An event's mystery fish. Until the committee reveals it, the species and length exist only inside `sealed`
 * (AES-256-GCM under a key derived from SESSION_SECRET, see platform/sealing.ts); `commitment` (SHA-256 of the
 * fish and a random nonce) is what the audit log records. Revealing writes the fish out in `revealed`.
 */
const MysteryFishSchema = defineEntity({
  name: 'MysteryFish',
  tableName: 'mystery_fish',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    event: () => p.manyToOne(Event).unique().deleteRule('cascade'),
    sealed: p.text(),
    commitment: p.string().length(64),
    sealedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    sealedAt: p.datetime(),
    revealedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    revealedAt: p.datetime().nullable(),
    revealed: p.json<MysteryFishValue>().nullable(),
    winnerCatch: () => p.manyToOne(Catch).nullable().deleteRule('set null'),
    winner: p.json<MysteryFishWinner>().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class MysteryFish extends MysteryFishSchema.class {}
MysteryFishSchema.setClass(MysteryFish);
