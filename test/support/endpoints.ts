import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import { appRouter } from '../../src/routers';
import { accessOf, type Access } from '../../src/server/trpc/init';
import type { ProcedureOutput, TrpcAnswer } from './answers';
import type { TestApp, TestClient } from './test-app';

export interface ProcedureInfo {
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  access: Access;
  /** The procedure's input schema; undefined when it takes no input (and ignores whatever is sent). */
  input: ZodType | undefined;
}

type ProcedureDef = { _def: { type: ProcedureInfo['type']; inputs?: ZodType[]; middlewares?: readonly unknown[] } };

/** Every procedure of the app, read from the router itself so new ones are covered by the tests. */
export function allProcedures(): ProcedureInfo[] {
  return Object.entries(appRouter._def.procedures as unknown as Record<string, ProcedureDef>).map(([path, procedure]) => ({
    path,
    type: procedure._def.type,
    access: accessOf(procedure),
    input: procedure._def.inputs?.[0],
  }));
}

/** Calls a procedure over HTTP as the browser's tRPC client would (GET for queries, POST for mutations). */
export function callOverHttp<P extends string>(client: TestClient, p: { path: P; type: ProcedureInfo['type'] }, input: unknown = {}) {
  return p.type === 'query'
    ? client.json<TrpcAnswer<ProcedureOutput<P>>>('GET', `/trpc/${p.path}?input=${encodeURIComponent(JSON.stringify(input))}`)
    : client.json<TrpcAnswer<ProcedureOutput<P>>>('POST', `/trpc/${p.path}`, JSON.stringify(input));
}

export interface RestRoute {
  method: string;
  /** The path as registered, with `:param` placeholders. */
  path: string;
  /** `METHOD /path`, the key of the expectation tables. */
  key: string;
}

/**
 * Every route registered in the Fastify app (HEAD, which Fastify adds to each GET, left out), read from
 * `printRoutes({ commonPrefix: false })`: lines like `│   └── /:id (PUT, DELETE)` nest under their parent.
 */
export function restRoutes(app: FastifyInstance): RestRoute[] {
  const routes: RestRoute[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line.trimEnd());
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + match[2];
    stack.push(path);
    for (const method of match[3]?.split(', ') ?? []) {
      if (method !== 'HEAD') routes.push({ method, path, key: `${method} ${path}` });
    }
  }
  return routes;
}

/** The path with each `:param` replaced by `value(name)` (URL-encoded). */
export function fillPath(path: string, value: (param: string) => string): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(value(name)));
}

/** Row counts of every table in the database, to show that a pass of bad requests wrote nothing. */
export async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const em = t.em();
  const tables = await em.execute<{ table_name: string }[]>(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [{ n }] = await em.execute<{ n: string }[]>(`select count(*)::int as n from "${table_name}"`);
    counts[table_name] = Number(n);
  }
  return counts;
}
