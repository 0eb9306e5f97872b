import { defineEntity, p } from '@mikro-orm/postgresql';
import { User } from './user.entity';

export const STORED_OBJECT_KINDS = ['upload', 'image', 'thumbnail'] as const;

/** Every object the server issued or wrote: an upload slot it handed out, or a processed image it serves. */
const StoredObjectSchema = defineEntity({
  name: 'StoredObject',
  tableName: 'stored_objects',
  properties: {
    key: p.string().length(100).primary(),
    kind: p.enum(STORED_OBJECT_KINDS),
    contentType: p.string().length(100),
    size: p.integer().default(0),
    createdBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    createdAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime().nullable(),
    /** When an upload slot was turned into an image; a slot is used once. */
    consumedAt: p.datetime().nullable(),
  },
});

export class StoredObject extends StoredObjectSchema.class {}
StoredObjectSchema.setClass(StoredObject);
