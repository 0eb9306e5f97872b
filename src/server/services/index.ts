import type { PaymentProvider } from '../integrations/payments';
import { AdminService } from './admin.service';
import { AuthService, type AuthDeps } from './auth.service';
import { EventsService } from './events.service';
import { MembersService } from './members.service';
import { PaymentsService } from './payments.service';

export interface ServiceDeps extends AuthDeps {
  payments: PaymentProvider | null;
}

/** Every domain service, built once per app with its dependencies. */
export function createServices(deps: ServiceDeps) {
  return {
    auth: new AuthService(deps),
    admin: new AdminService(),
    members: new MembersService(deps),
    payments: new PaymentsService(deps),
    events: new EventsService(deps),
  };
}

export type Services = ReturnType<typeof createServices>;
