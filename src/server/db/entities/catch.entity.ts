import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { FATE } from '../../../shared/catches';
import { SPECIES_NAME_MAX } from '../../../shared/species';
import { CATCH_STATUSES, type CatchFlag } from '../../../shared/catches.schema';
import { Event } from './event.entity';
import { Member } from './member.entity';
import { User } from './user.entity';

/** A fish logged on an event day: what the angler said, what the photo says, and the judge's verdict. */
const CatchSchema = defineEntity({
  name: 'Catch',
  tableName: 'catches',
  // A member's own catches are theirs as angler or as the one who logged them (catches.mine asks for both).
  indexes: [
    { properties: ['event', 'species', 'status'] },
    { properties: ['angler', 'caughtAt'] },
    { properties: ['submittedBy', 'caughtAt'] },
    { properties: ['photoHash'] },
    // Deleting a catch clears the links of the later catches that copied its photo.
    { properties: ['duplicateOf'] },
    // The judges' 'Judged' list, newest decision first (a pending catch has none).
    { properties: ['verifiedAt'] },
  ],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    clientId: p.uuid().nullable().unique(),
    event: () => p.manyToOne(Event).deleteRule('cascade'),
    angler: () => p.manyToOne(Member).deleteRule('cascade'),
    submittedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    /** One of the club's species when logged; kept as it was when the club's list changes. */
    species: p.string().length(SPECIES_NAME_MAX),
    sizeCm: p.decimal('number').precision(5).scale(1),
    fate: p.enum(FATE),
    /** When it was logged on the device. */
    caughtAt: p.datetime(),
    gpsText: p.string().length(60).nullable(),
    latitude: p.double().nullable(),
    longitude: p.double().nullable(),
    photoKey: p.string().length(100),
    photoHash: p.string().length(64),
    /** The photo's 64-bit perceptual hash (photo-prints.ts), to find the same picture re-saved; null for a plain picture. */
    photoPhash: p.bigint('string').nullable(),
    /** A 64×64 greyscale print of the photo that confirms a near-duplicate; read only for that, never with the catch. */
    photoPrint: p.blob().nullable().lazy(),
    /** The earlier catch whose photo this one's is (the same file or the same picture), when there is one. */
    duplicateOf: () => p.manyToOne(Catch).nullable().deleteRule('set null'),
    photoTakenAt: p.datetime().nullable(),
    photoLatitude: p.double().nullable(),
    photoLongitude: p.double().nullable(),
    photoCamera: p.string().length(120).nullable(),
    flags: p.json<CatchFlag[]>(),
    status: p.enum(CATCH_STATUSES).default('pending'),
    verifiedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    verifiedAt: p.datetime().nullable(),
    rejectReason: p.string().length(300).nullable(),
    waiverAcceptedAt: p.datetime(),
    accuracyConfirmedAt: p.datetime(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class Catch extends CatchSchema.class {}
CatchSchema.setClass(Catch);
