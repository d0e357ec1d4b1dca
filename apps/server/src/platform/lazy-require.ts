import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

/**
 * A CommonJS package loaded on its first use rather than when the module naming it is imported: the provider SDKs,
 * Google's clients, Redis, the mailer and the zip reader cost about 1.5 s of CPU together, paid by every process start
 * and every test file that imports the app, while most runs use one provider or none of them.
 */
export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= load(name) as T);
}
