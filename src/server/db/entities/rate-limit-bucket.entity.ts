import { defineEntity, p } from '@mikro-orm/postgresql';

/** A fixed-window counter kept in PostgreSQL so that limits hold across restarts and instances. */
const RateLimitBucketSchema = defineEntity({
  name: 'RateLimitBucket',
  tableName: 'rate_limit_buckets',
  properties: {
    key: p.string().length(300).primary(),
    windowStart: p.datetime(),
    hits: p.integer(),
  },
});

export class RateLimitBucket extends RateLimitBucketSchema.class {}
RateLimitBucketSchema.setClass(RateLimitBucket);
