import { defineEntity, p } from '@mikro-orm/postgresql';
import { SPECIES } from '../../../shared/catches';

/** The legal minimum length per species, which the committee keeps current. */
const SizeLimitSchema = defineEntity({
  name: 'SizeLimit',
  tableName: 'size_limits',
  properties: {
    species: p.enum(SPECIES).primary(),
    minimumCm: p.decimal('number').precision(5).scale(1).nullable(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class SizeLimit extends SizeLimitSchema.class {}
SizeLimitSchema.setClass(SizeLimit);
