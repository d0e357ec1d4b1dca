import { Navigate, useRoutes } from 'react-router';
import { NotFoundPage } from '../features/errors/not-found-page';
import { resourceRoutes } from '../resources/routes';
import { comingSoonRoutes } from './coming-soon-routes';
import { lazyNamed } from '../ui/lazy-component';

// The stepper is its own chunk: the projects index does not carry it.
const ProjectStepperPage = lazyNamed(
  () => import('../features/projects/stepper/project-stepper-page'),
  'ProjectStepperPage',
);

/**
 * Spec §2: new projects are built in the stepper (/projects/stepper, or /projects/stepper/{id} to continue one), and
 * the projects index's Add goes there. Declared before the resource routes: for the same path (/projects/new) the
 * first declared wins, and a static segment (stepper) outranks the resource's /projects/:id.
 */
function projectStepperRoutes() {
  return [
    // One route with an optional id: the page stays mounted when its first save gives the project an id.
    { path: '/projects/stepper/:id?', element: <ProjectStepperPage /> },
    { path: '/projects/new', element: <Navigate to="/projects/stepper" replace /> },
  ];
}

/**
 * The console's routes that are built from the resource registry, matched below the shell's catch-all route.
 * Being their own chunk keeps the registry (every resource's fields, enums and rules) out of the login page.
 */
export function ConsoleRoutes() {
  return useRoutes([
    ...projectStepperRoutes(),
    ...resourceRoutes(),
    ...comingSoonRoutes(),
    { path: '*', element: <NotFoundPage /> },
  ]);
}
