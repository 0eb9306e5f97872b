import { chatInput, chatReply } from '../shared/chat.schema';
import { publicProcedure, router } from '../server/trpc/init';

export const chatRouter = router({
  /** The fishing assistant: answers from the club's own content, for visitors and members. */
  ask: publicProcedure
    .input(chatInput)
    .output(chatReply)
    .mutation(({ ctx, input }) => ctx.services.assistant.ask(ctx.em, ctx.actor, input.message)),
});
