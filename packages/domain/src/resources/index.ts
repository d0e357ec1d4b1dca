import type { ResourceDef } from '../resource';
import { brand } from './brand';
import { campaign } from './campaign';
import { client } from './client';
import { collection } from './collection';
import { listFilter } from './list-filter';
import { dataImport, dataImportTemplate } from './data-import';
import { list } from './list';
import { optOut } from './opt-out';
import { phone } from './phone';
import { project } from './project';
import { projectPhone, projectTeam, projectTexter } from './project-parts';
import { textEntry } from './text';
export { EDITABLE_TEXT_STATUSES, isTextEditable, textMessages, textSendMessages } from './text';
import { row } from './row';
import { textDefault } from './text-default';
import { team } from './team';
// Served by the users module, not the generic table service: see its entry.
import { user } from './user';
export { user };

export { brand, campaign, client, dataImport, dataImportTemplate, list, listFilter, optOut, phone, row };
export { collection, team, textDefault, project, projectPhone, projectTeam, projectTexter, textEntry };

/**
 * Every resource the generic machinery serves, by name: the one list. The server's services, tables, schema and
 * favourites, the web's routes, menu and inline-create dialogs, and the tests all enumerate this.
 */
export const resources = {
  client,
  brand,
  campaign,
  phone,
  listFilter,
  list,
  row,
  dataImportTemplate,
  dataImport,
  textDefault,
  team,
  collection,
  optOut,
  project,
  projectPhone,
  projectTeam,
  projectTexter,
  text: textEntry,
} satisfies Record<string, ResourceDef>;
export type ResourceName = keyof typeof resources;

export function resourceByName(name: string): ResourceDef | undefined {
  return (resources as Record<string, ResourceDef | undefined>)[name];
}

/**
 * The entry a reference names, by name: one of `resources`, or the users entry (served by the users module, so not
 * in that list, yet named by a project's manager, a text's texter and a project's texters).
 */
export function entryByName(name: string): ResourceDef | undefined {
  return name === user.name ? user : resourceByName(name);
}
