import type { ResourceDef } from '../resource';
import { brand } from './brand';
import { campaign } from './campaign';
import { client } from './client';

export { brand, campaign, client };

/** Every resource the generic machinery serves, by name. */
export const resources: Record<'client' | 'brand' | 'campaign', ResourceDef> = { client, brand, campaign };
export type ResourceName = keyof typeof resources;

export function resourceByName(name: string): ResourceDef | undefined {
  return (resources as Record<string, ResourceDef | undefined>)[name];
}
