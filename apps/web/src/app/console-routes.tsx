import { useRoutes } from 'react-router';
import { NotFoundPage } from '../features/errors/not-found-page';
import { resourceRoutes } from '../resources/routes';
import { comingSoonRoutes } from './coming-soon-routes';

/**
 * The console's routes that are built from the resource registry, matched below the shell's catch-all route.
 * Being their own chunk keeps the registry (every resource's fields, enums and rules) out of the login page.
 */
export function ConsoleRoutes() {
  return useRoutes([...resourceRoutes(), ...comingSoonRoutes(), { path: '*', element: <NotFoundPage /> }]);
}
