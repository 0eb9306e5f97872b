import { AuditLog } from './audit-log.entity';
import { AuthToken } from './auth-token.entity';
import { Event } from './event.entity';
import { EventRegistration } from './event-registration.entity';
import { Household } from './household.entity';
import { Member } from './member.entity';
import { Payment } from './payment.entity';
import { RateLimitBucket } from './rate-limit-bucket.entity';
import { StoredObject } from './stored-object.entity';
import { User } from './user.entity';

export { AuditLog, AuthToken, Event, EventRegistration, Household, Member, Payment, RateLimitBucket, StoredObject, User };
export const entities = [User, AuthToken, RateLimitBucket, AuditLog, Household, Member, Payment, Event, EventRegistration, StoredObject];
