import { defineEntity, p } from '@mikro-orm/postgresql';
import { User } from './user.entity';

/** A user's notification choices; no row means every kind is on. */
const NotificationSettingsSchema = defineEntity({
  name: 'NotificationSettings',
  tableName: 'notification_settings',
  properties: {
    user: () => p.oneToOne(User).primary().owner().deleteRule('cascade'),
    eventTomorrow: p.boolean().default(true),
    catchJudged: p.boolean().default(true),
    resultsFinal: p.boolean().default(true),
    waitlistPlaceFreed: p.boolean().default(true),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class NotificationSettings extends NotificationSettingsSchema.class {}
NotificationSettingsSchema.setClass(NotificationSettings);
