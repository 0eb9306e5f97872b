import { z } from 'zod';
import { captureOrderInput, captureResult, createOrderInput, paymentOutcomeInput, paymentSetup } from '../shared/members.schema';
import { publicProcedure, router } from '../server/trpc/init';

export const paymentsRouter = router({
  setup: publicProcedure.output(paymentSetup).query(({ ctx }) => ctx.services.payments.setup()),

  createOrder: publicProcedure
    .input(createOrderInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) =>
      ctx.services.payments.createOrder(ctx.em, ctx.actor, ctx.session.payer, input, ctx.session.registrationId),
    ),

  /** Only the browser or account that created the order; repeating it after a lost answer is safe. */
  capture: publicProcedure
    .input(captureOrderInput)
    .output(captureResult)
    .mutation(({ ctx, input }) =>
      ctx.services.payments.capture(ctx.em, ctx.actor, ctx.session.payer, input.orderId, { simulate: input.simulate }),
    ),

  /** Where an order stands (a pending payment, a dialog reopened), for the browser or account that created it. */
  outcome: publicProcedure
    .input(paymentOutcomeInput)
    .output(captureResult)
    .query(({ ctx, input }) => ctx.services.payments.outcome(ctx.em, ctx.actor, ctx.session.payer, input.orderId)),
});
