import { captureOrderInput, captureResult, createOrderInput, paymentSetup } from '../shared/members.schema';
import { z } from 'zod';
import { publicProcedure, router } from '../server/trpc/init';

export const paymentsRouter = router({
  setup: publicProcedure.output(paymentSetup).query(({ ctx }) => ctx.services.payments.setup()),

  createOrder: publicProcedure
    .input(createOrderInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => ctx.services.payments.createOrder(ctx.em, ctx.actor, input, ctx.session.registrationId)),

  capture: publicProcedure
    .input(captureOrderInput)
    .output(captureResult)
    .mutation(({ ctx, input }) => ctx.services.payments.capture(ctx.em, ctx.actor, input.orderId)),
});
