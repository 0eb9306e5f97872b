import type { AnyProcedure, inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../src/routers';

/** Every procedure path of the API, e.g. 'auth.me' or 'admin.members.search'. */
type PathsOf<R, Prefix extends string = ''> = {
  [K in keyof R & string]: R[K] extends AnyProcedure ? `${Prefix}${K}` : PathsOf<R[K], `${Prefix}${K}.`>;
}[keyof R & string];
export type Procedure = PathsOf<AppRouter['_def']['record']>;

type At<T, Path extends string> = Path extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? At<T[Head], Rest>
    : never
  : Path extends keyof T
    ? T[Path]
    : never;
/** What the client sends to a procedure (its JSON input). */
export type Input<P extends Procedure> = At<inferRouterInputs<AppRouter>, P>;
/** What a procedure answers, as JSON (dates as strings). */
export type Output<P extends Procedure> = At<inferRouterOutputs<AppRouter>, P>;
