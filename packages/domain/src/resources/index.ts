import type { ResourceDef } from '../resource';
import { brand } from './brand';
import { campaign } from './campaign';
import { client } from './client';
import { phone } from './phone';

export { brand, campaign, client, phone };

/** Every resource the generic machinery serves, by name. */
export const resources: Record<'client' | 'brand' | 'campaign' | 'phone', ResourceDef> = {
  client,
  brand,
  campaign,
  phone,
};
export type ResourceName = keyof typeof resources;

export function resourceByName(name: string): ResourceDef | undefined {
  return (resources as Record<string, ResourceDef | undefined>)[name];
}
