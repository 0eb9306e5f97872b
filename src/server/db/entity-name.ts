import type * as entities from './entities';

/** The name of an entity (its class), as a cached read declares what it reads. */
export type EntityName = {
  [K in keyof typeof entities]: (typeof entities)[K] extends abstract new (...args: never[]) => unknown ? K : never;
}[keyof typeof entities];
