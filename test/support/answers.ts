import type { AnyProcedure, inferRouterError, inferRouterOutputs, inferTransformedProcedureOutput } from '@trpc/server';
import type { AppRouter } from '../../src/routers';
import type { Achievement } from '../../src/shared/catches';
import type { CatchView } from '../../src/shared/catches.schema';

/**
 * What `TestClient.json()` answers are typed with: a map from `METHOD /path` (the key format of endpoints.ts, with
 * each `:param` as `${string}`) to the answer's body, for the REST paths and every tRPC procedure. A url that matches
 * no key gives `unknown`, and the call site names its type: `client.json<ApiError>('GET', '/api/nothing-here')`.
 */

/** The one error body of the REST paths: src/server/rest/call.ts for a procedure's error, http/errors.ts for the rest. */
export type ApiError = { message: string };

/** A request's answer: the status, the body (parsed JSON, or the text when it is not JSON) and the headers. */
export interface JsonAnswer<Body> {
  status: number;
  body: Body;
  headers: Headers;
}

/** One body or the other: a field of either may be read (undefined when the other one came); any other field is an error. */
export type Either<A, B> = Only<A, B> | Only<B, A>;
type Only<A, B> = A extends object ? A & { [K in Exclude<KeysOf<B>, keyof A>]?: never } : A;
type KeysOf<T> = T extends unknown ? keyof T : never;

/** A body without its error side (the REST `{ message }`, or a tRPC `{ error }`, with every other field absent). */
export type Success<Body> = Body extends object ? (IsError<Body, 'message'> | IsError<Body, 'error'> extends false ? Body : never) : Body;
type IsError<Body, Key extends 'message' | 'error'> = Body extends { [K in Key]: unknown } & { [K in Exclude<keyof Body, Key>]?: never }
  ? true
  : false;

/** The body of an answer the test expects to have succeeded (2xx), typed as the success alone; any other status throws. */
export function successBody<Body>(answer: { status: number; body: Body }): Success<Body> {
  if (answer.status >= 300) throw new Error(`Expected a success, got ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as Success<Body>;
}

type Outputs = inferRouterOutputs<AppRouter>;

/** A procedure's answer over plain HTTP: its data, or the error as the router's errorFormatter shapes it (server/trpc/init.ts). */
export type TrpcAnswer<Data> = Either<{ result: { data: Data } }, { error: inferRouterError<AppRouter> }>;

/**
 * What each JSON REST path answers when it succeeds: the output of the procedure it calls (src/server/rest/*), or the
 * shim's own shape where it says so. Downloads (CSV, PDF, calendars), images and the live board's stream are not here.
 */
interface RestAnswers {
  /** auth.rest.ts: a signed-out caller gets 401 rather than null. */
  'GET /api/auth/user': NonNullable<Outputs['auth']['me']>;
  'POST /api/auth/login': Outputs['auth']['login'];
  'POST /api/auth/signup': Outputs['auth']['signup'];
  'POST /api/auth/send-verification': Outputs['auth']['sendVerification'];
  'POST /api/auth/verify': Outputs['auth']['verifyToken'];

  'POST /api/members/register': Outputs['members']['registerDocumented'];
  /** members.rest.ts: no profile is a 404 rather than null. */
  'GET /api/members/profile': NonNullable<Outputs['members']['profile']>;
  /** members.rest.ts: only the documented fields of each member. */
  'GET /api/members': Pick<Outputs['members']['list'][number], 'id' | 'firstName' | 'lastName'>[];
  'GET /api/members/events': Outputs['events']['myRegistrations'];
  'GET /api/members/catches': Outputs['catches']['mine'];
  'POST /api/fishing-sessions': Outputs['catches']['logSession'];
  /** catches.rest.ts: the multipart upload answers what the catches service's submit() returns. */
  'POST /api/catches': { catch: CatchView; achievement: Achievement };
  /** chat.rest.ts: the answer alone. */
  'POST /api/chat/fishing': { response: Outputs['chat']['ask']['response'] };

  'GET /api/events/upcoming': Outputs['events']['upcoming'];
  [path: `POST /api/events/${string}/register`]: Outputs['events']['register'];
  [path: `DELETE /api/events/${string}/register`]: Outputs['events']['cancel'];
  [path: `PUT /api/events/${string}/image`]: Outputs['admin']['events']['setImage'];
  'GET /api/admin/events': Outputs['admin']['events']['list'];
  'POST /api/admin/events': Outputs['admin']['events']['create'];
  [path: `PUT /api/admin/events/${string}`]: Outputs['admin']['events']['update'];

  /** admin.rest.ts: one page of rows (the total and the other pages in headers). */
  'GET /api/admin/members': Outputs['admin']['members']['search']['rows'];

  /** content.rest.ts: each section's key and content only. */
  [path: `GET /api/content/sections/${string}`]: Pick<Outputs['cms']['sections'][number], 'sectionKey' | 'content'>[];
  'GET /api/content/pages': Outputs['cms']['pages'];
  'GET /api/settings': Outputs['cms']['settings'];
  'GET /api/news': Outputs['cms']['news'];
  'GET /api/admin/content/pages': Outputs['admin']['cms']['pages']['list'];
  'POST /api/admin/content/pages': Outputs['admin']['cms']['pages']['create'];
  [path: `PUT /api/admin/content/pages/${string}`]: Outputs['admin']['cms']['pages']['update'];
  [path: `DELETE /api/admin/content/pages/${string}`]: Outputs['admin']['cms']['pages']['delete'];
  'GET /api/admin/content/sections': Outputs['admin']['cms']['sections']['list'];
  'POST /api/admin/content/sections': Outputs['admin']['cms']['sections']['create'];
  [path: `PUT /api/admin/content/sections/${string}`]: Outputs['admin']['cms']['sections']['update'];
  [path: `DELETE /api/admin/content/sections/${string}`]: Outputs['admin']['cms']['sections']['delete'];
  'POST /api/admin/settings': Outputs['admin']['cms']['settings']['save'];
  'GET /api/admin/news': Outputs['admin']['cms']['news']['list'];
  'POST /api/admin/news': Outputs['admin']['cms']['news']['create'];
  [path: `PUT /api/admin/news/${string}`]: Outputs['admin']['cms']['news']['update'];
  [path: `DELETE /api/admin/news/${string}`]: Outputs['admin']['cms']['news']['delete'];

  'GET /api/sponsors/active': Outputs['sponsors']['active'];
  'POST /api/sponsors/register': Outputs['sponsors']['register'];
  'GET /api/admin/sponsors': Outputs['admin']['sponsors']['list'];

  'POST /api/objects/upload': Outputs['objects']['createUpload'];

  'GET /paypal/setup': Outputs['payments']['setup'];
  'POST /paypal/order': Outputs['payments']['createOrder'];
  [path: `POST /paypal/order/${string}/capture`]: Outputs['payments']['capture'];
  /** paypal.rest.ts: a webhook taken in. */
  'POST /paypal/webhook': { received: true };
}

/** http/health.ts answers with a body of its own, an error included. */
type Health = Either<{ status: 'ok' }, { status: 'unhealthy' | 'unavailable'; message: string }>;

type Procedures = AppRouter['_def']['record'];
/** The dotted path of every procedure of a kind ('query' or 'mutation'). */
type PathsOf<Kind, R = Procedures, Prefix extends string = ''> = {
  [K in keyof R & string]: R[K] extends { _def: { procedure: true; type: infer Type } }
    ? Type extends Kind
      ? `${Prefix}${K}`
      : never
    : PathsOf<Kind, R[K], `${Prefix}${K}.`>;
}[keyof R & string];
type ProcedureAt<Path extends string, R = Procedures> = Path extends `${infer Head}.${infer Rest}`
  ? Head extends keyof R
    ? ProcedureAt<Rest, R[Head]>
    : never
  : Path extends keyof R
    ? R[Path]
    : never;

export type QueryPath = PathsOf<'query'>;
export type MutationPath = PathsOf<'mutation'>;
/** A procedure's output as JSON carries it (what `inferRouterOutputs` gives), by dotted path; `unknown` for no procedure. */
export type ProcedureOutput<Path extends string> = [ProcedureAt<Path>] extends [never]
  ? unknown
  : ProcedureAt<Path> extends infer P extends AnyProcedure
    ? inferTransformedProcedureOutput<AppRouter, P>
    : unknown;

type Answers = { [K in keyof RestAnswers]: Either<RestAnswers[K], ApiError> } & { 'GET /healthz': Health; 'GET /readyz': Health } & {
  [P in QueryPath as `GET /trpc/${P}`]: TrpcAnswer<ProcedureOutput<P>>;
} & { [P in MutationPath as `POST /trpc/${P}`]: TrpcAnswer<ProcedureOutput<P>> };

/** The path of a url without its query; a batch of procedures (`?batch=1`) is not in the map. */
type PathOf<Url extends string> = Url extends `${infer Path}?${infer Query}`
  ? Query extends `${string}batch=${string}`
    ? `${Path} (batch)`
    : Path
  : Url;
type Matches<Key extends string> = { [K in keyof Answers]: Key extends K ? Answers[K] : never }[keyof Answers];

/** The body `json(method, url)` answers with: the map's type for the route, `unknown` for a url the map does not know. */
export type AnswerOf<Method extends string, Url extends string> = [Matches<`${Method} ${PathOf<Url>}`>] extends [never]
  ? unknown
  : Matches<`${Method} ${PathOf<Url>}`>;
