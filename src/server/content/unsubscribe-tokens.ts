import type { EntityManager } from '@mikro-orm/postgresql';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../shared/errors';
import { NewsletterDelivery } from '../db/entities';

const BAD_LINK = 'This unsubscribe link is not valid. Please use the link in the newest e-mail from the club, or contact the club.';

/** The signed tokens of unsubscribe links, and the delivery a token names. */
export class UnsubscribeTokens {
  constructor(private readonly deps: { sealingSecret?: string }) {}

  /** An unsubscribe link's token: the delivery's id and its signature, so nobody can unsubscribe another address. */
  tokenFor(deliveryId: number): string {
    return `${deliveryId}.${this.signature(deliveryId)}`;
  }

  private signature(deliveryId: number): string {
    if (!this.deps.sealingSecret) throw new Error('The site secret is not configured: unsubscribe links cannot be signed.');
    return createHmac('sha256', this.deps.sealingSecret).update(`newsletter-unsubscribe:${deliveryId}`).digest('base64url').slice(0, 32);
  }

  /** The delivery a link's token names, once its signature is checked. */
  async deliveryOf(em: EntityManager, token: string) {
    const match = /^(\d{1,15})\.([A-Za-z0-9_-]{32})$/.exec(token.trim());
    if (!match) throw new AppError('BAD_REQUEST', BAD_LINK, { field: 'token' });
    const id = Number(match[1]);
    const expected = Buffer.from(this.signature(id));
    const given = Buffer.from(match[2]);
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      throw new AppError('BAD_REQUEST', BAD_LINK, { field: 'token' });
    const delivery = await em.findOne(NewsletterDelivery, { id }, { populate: ['newsletter'] });
    if (!delivery) throw new AppError('NOT_FOUND', BAD_LINK);
    return delivery;
  }
}
