import type { RecordRef } from './resource-schema';

type Extend = (ref: RecordRef) => void;

// A registry entry's GraphQL type exists only once schema.ts has registered the registry, after every module was
// imported; so a module that adds fields to one says so when imported, like every other registration, and
// schema.ts applies it once the type exists.
const extensions: { name: string; extend: Extend }[] = [];

/** Fields a module adds to a registry entry's type (a list's sheets, a project's waits), by the entry's name. */
export function extendRecord(name: string, extend: Extend): void {
  extensions.push({ name, extend });
}

/** Adds every module's fields to the registry types, in the order the modules were imported. */
export function applyRecordExtensions(refs: ReadonlyMap<string, RecordRef>): void {
  for (const { name, extend } of extensions) {
    const ref = refs.get(name);
    if (!ref) throw new Error(`No registry entry named ${name} to add fields to`);
    extend(ref);
  }
}
