import type { SiteHealth } from '../../shared/site-health.schema';

/** What the admin dashboard's site health card shows: settings the committee must make on the server itself. */
export class SiteHealthService {
  constructor(private readonly deps: { backups: SiteHealth['backups'] }) {}

  get(): SiteHealth {
    return { backups: this.deps.backups };
  }
}
