import type { FastifyInstance } from 'fastify';
import { paymentIdInput } from '../../shared/member-payments.schema';
import type { ContextDeps } from '../trpc/context';
import { callService } from './call';

type PaymentParams = { Params: { id: string } };

/** A member's receipt (tax invoice) as a PDF: only for a payment of their own household; any other reads as not found. */
export function registerMemberPaymentRoutes(app: FastifyInstance, deps: ContextDeps): void {
  app.get<PaymentParams>('/api/members/payments/:id/receipt.pdf', (req, reply) =>
    callService(deps, req, reply, async (ctx) => {
      const { id } = paymentIdInput.parse(req.params);
      const { fileName, pdf } = await ctx.services.memberPayments.receipt(ctx.em, ctx.actor, id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${fileName}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    }),
  );
}
