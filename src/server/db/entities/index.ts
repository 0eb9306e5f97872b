import { AuditLog } from './audit-log.entity';
import { AuthToken } from './auth-token.entity';
import { Household } from './household.entity';
import { Member } from './member.entity';
import { Payment } from './payment.entity';
import { RateLimitBucket } from './rate-limit-bucket.entity';
import { User } from './user.entity';

export { AuditLog, AuthToken, Household, Member, Payment, RateLimitBucket, User };
export const entities = [User, AuthToken, RateLimitBucket, AuditLog, Household, Member, Payment];
