import type { EnumDef } from '@canvass/domain';
import { builder } from './builder';

const refs = new Map<string, ReturnType<typeof make>>();
const make = (e: EnumDef<string>) => builder.enumType(e.name, { values: e.values as readonly string[] });

/** The GraphQL enum of a domain enumeration, created once however many resources use it. */
export function enumRef(e: EnumDef<string>) {
  let ref = refs.get(e.name);
  if (!ref) {
    ref = make(e);
    refs.set(e.name, ref);
  }
  return ref;
}
