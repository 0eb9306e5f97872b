import type { PaymentProvider } from '../integrations/payments';
import type { ObjectStore } from '../integrations/storage';
import { AdminService } from './admin.service';
import { AuthService, type AuthDeps } from './auth.service';
import { CatchesService } from './catches.service';
import { EventsService } from './events.service';
import { MembersService } from './members.service';
import { PaymentsService } from './payments.service';
import { UploadsService } from './uploads.service';

export interface ServiceDeps extends AuthDeps {
  payments: PaymentProvider | null;
  objects: ObjectStore;
}

/** Every domain service, built once per app with its dependencies. */
export function createServices(deps: ServiceDeps) {
  const uploads = new UploadsService(deps);
  return {
    uploads,
    auth: new AuthService(deps),
    admin: new AdminService(),
    members: new MembersService(deps),
    payments: new PaymentsService(deps),
    events: new EventsService({ ...deps, uploads }),
    catches: new CatchesService({ ...deps, uploads }),
  };
}

export type Services = ReturnType<typeof createServices>;
