import { createCallerFactory, router } from '../server/trpc/init';
import { adminRouter } from './admin.router';
import { authRouter } from './auth.router';

export const appRouter = router({
  auth: authRouter,
  admin: adminRouter,
});

/** The typed API; the client imports only this type. */
export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
