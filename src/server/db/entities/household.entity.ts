import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { MEMBERSHIP_TYPES } from '../../../shared/membership';

/** The people who join and pay together: one person, a person plus another, or a family. */
const HouseholdSchema = defineEntity({
  name: 'Household',
  tableName: 'households',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    membershipType: p.enum(MEMBERSHIP_TYPES),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class Household extends HouseholdSchema.class {}
HouseholdSchema.setClass(Household);
