import { AuditLog } from './audit-log.entity';
import { AuthToken } from './auth-token.entity';
import { RateLimitBucket } from './rate-limit-bucket.entity';
import { User } from './user.entity';

export { AuditLog, AuthToken, RateLimitBucket, User };
export const entities = [User, AuthToken, RateLimitBucket, AuditLog];
