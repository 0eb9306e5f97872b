import { AdminService } from './admin.service';
import { AuthService, type AuthDeps } from './auth.service';

export type ServiceDeps = AuthDeps;

/** Every domain service, built once per app with its dependencies. */
export function createServices(deps: ServiceDeps) {
  return {
    auth: new AuthService(deps),
    admin: new AdminService(),
  };
}

export type Services = ReturnType<typeof createServices>;
