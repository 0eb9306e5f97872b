import type { PaymentProvider } from '../integrations/payments';
import type { ObjectStore } from '../integrations/storage';
import { AdminService } from './admin.service';
import { AuthService, type AuthDeps } from './auth.service';
import { CatchesService } from './catches.service';
import { EventsService } from './events.service';
import { JudgingService } from './judging.service';
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
  const catches = new CatchesService({ ...deps, uploads });
  const judging = new JudgingService({ ...deps, catches });
  return {
    uploads,
    catches,
    judging,
    auth: new AuthService(deps),
    admin: new AdminService(),
    members: new MembersService({ ...deps, judging }),
    payments: new PaymentsService(deps),
    events: new EventsService({ ...deps, uploads }),
  };
}

export type Services = ReturnType<typeof createServices>;
