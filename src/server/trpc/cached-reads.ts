import type { AnyRouter } from '@trpc/server';
import type { EntityName } from '../db/entity-name';
import { accessOf, type Meta } from './init';

/** Reads whose answers may be kept in memory: which procedures, and every entity they read. */
export interface CachedReads {
  /** Dotted paths of the procedures (`cms.sections`). */
  procedures: ReadonlySet<string>;
  /** Every entity those procedures read: a committed write to any of them clears the kept answers. */
  entities: ReadonlySet<EntityName>;
}

/** The cached reads a router declares (`meta.cache`), answered the same to everyone or per caller. */
export interface RouterReads {
  /** Answers the same to every caller (the landing page's sections, upcoming events, sponsors…). */
  shared: CachedReads;
  /** Answers that depend on who is signed in (`perCaller`: the session, profile, dashboard, own catches…). */
  perCaller: CachedReads;
}

interface ProcedureDef {
  _def: { type: string; meta?: Meta; middlewares?: readonly unknown[] };
}

/**
 * Walks the router once. A cached procedure that is not a query is a programming error, and so is an answer
 * kept for everyone from a procedure that is not public.
 */
export function cachedReadsOf(router: AnyRouter): RouterReads {
  const shared = { procedures: new Set<string>(), entities: new Set<EntityName>() };
  const perCaller = { procedures: new Set<string>(), entities: new Set<EntityName>() };
  for (const [path, procedure] of Object.entries(router._def.procedures as Record<string, ProcedureDef>)) {
    const meta = procedure._def.meta;
    if (!meta?.cache) continue;
    if (procedure._def.type !== 'query') throw new Error(`${path}: only a query can be cached.`);
    if (!meta.cache.perCaller && accessOf(procedure) !== 'public') {
      throw new Error(`${path}: only a public query can be answered the same to everyone (declare perCaller).`);
    }
    const reads = meta.cache.perCaller ? perCaller : shared;
    reads.procedures.add(path);
    for (const name of meta.cache.reads) reads.entities.add(name);
  }
  // Every answer per caller depends on the session being current: signing out writes the user.
  if (perCaller.procedures.size) perCaller.entities.add('User');
  return { shared, perCaller };
}
