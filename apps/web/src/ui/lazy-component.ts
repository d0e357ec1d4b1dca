import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * React.lazy for a named export: the component's module (and everything only it imports) becomes its own chunk,
 * loaded the first time it renders. Used where a route's element needs props, so React Router's `lazy` does not fit.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: the lazy component keeps M[K]'s own
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(async () => ({ default: (await load())[name] }));
}
