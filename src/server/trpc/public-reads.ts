import type { AnyRouter } from '@trpc/server';
import type { EntityName } from '../db/entity-name';
import type { Meta } from './init';

/** The public reads a router declares (`meta.cache`): which procedures may be answered from memory, and what they read. */
export interface PublicReads {
  /** Dotted paths of the cacheable procedures (`cms.sections`). */
  procedures: ReadonlySet<string>;
  /** Every entity those procedures read: a committed write to any of them clears the cache. */
  entities: ReadonlySet<EntityName>;
}

interface ProcedureDef {
  _def: { type: string; meta?: Meta };
}

/** Walks the router once; a cacheable procedure that is not a public query is a programming error. */
export function publicReadsOf(router: AnyRouter): PublicReads {
  const procedures = new Set<string>();
  const entities = new Set<EntityName>();
  for (const [path, procedure] of Object.entries(router._def.procedures as Record<string, ProcedureDef>)) {
    const meta = procedure._def.meta;
    if (!meta?.cache) continue;
    if (meta.access !== 'public' || procedure._def.type !== 'query') {
      throw new Error(`${path}: only a public query can be cached (its answer must not depend on the caller).`);
    }
    procedures.add(path);
    for (const name of meta.cache.reads) entities.add(name);
  }
  return { procedures, entities };
}
