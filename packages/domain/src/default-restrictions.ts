import { lifecycleDefaults } from './lifecycle-restrictions';
import { allOperations, type Operation, type Restriction, type RoleName } from './permissions';

// Apart from permissions.ts (what every screen asks, `can`), so the first web screen does not carry the defaults:
// only the restrictions screen and the server read them.

const ALL = allOperations;
const MANAGE: Operation[] = ['Create', 'Delete', 'Export', 'Update', 'View'];
const EDIT: Operation[] = ['Create', 'Export', 'Update', 'View'];
const VIEW: Operation[] = ['View'];

const grant = (resources: string[], operations: Operation[]): Restriction[] =>
  resources.map((resource) => ({ resource, operations }));

/** What each role may do on each resource in a new organization (spec §6). */
const resourceDefaults: Record<RoleName, Restriction[]> = {
  Admin: grant(
    [
      'Client',
      'Brand',
      'Campaign',
      'Phone',
      'List',
      'Project',
      'Team',
      'User',
      'Text',
      'OptOut',
      'ShortenedLink',
      'Collection',
      'Organization',
      'TextDefault',
      'DataImport',
      'ListFilter',
    ],
    ALL,
  ),
  Manager: [
    ...grant(
      ['Client', 'Brand', 'Campaign', 'Phone', 'List', 'Project', 'Team', 'Text', 'OptOut', 'ShortenedLink'],
      MANAGE,
    ),
    ...grant(['User'], EDIT),
    ...grant(['Organization'], VIEW),
    // List filters decide who a send reaches: staff set them; an agency or a client sees its own (policy.ts).
    ...grant(['ListFilter'], MANAGE),
  ],
  Agency: [
    ...grant(['Client', 'Campaign', 'Project', 'List', 'Phone', 'OptOut'], EDIT),
    ...grant(['Brand', 'Team', 'Text', 'User'], VIEW),
    ...grant(['ListFilter'], ['View', 'Export']),
  ],
  Client: [
    ...grant(['Project', 'List'], EDIT),
    ...grant(
      ['Client', 'Campaign', 'Brand', 'Phone', 'Text', 'OptOut', 'Team', 'User', 'ListFilter'],
      ['View', 'Export'],
    ),
  ],
  TeamLead: [
    ...grant(['Team'], ['Update', 'View', 'Export']),
    // Update on projects for the texters' quotas alone (spec §5/§6): the projects service refuses any other change.
    ...grant(['Project'], ['Update', 'View', 'Export']),
    ...grant(['Text', 'User'], ['View', 'Export']),
  ],
  Texter: grant(['Project', 'Text'], VIEW),
};

/**
 * The restrictions each role starts with in a new organization (spec §6): its resources, then the project's
 * lifecycle actions (lifecycle-restrictions.ts). Organizations may change theirs; admins (emails in the admin list)
 * are allowed everything regardless.
 */
export const defaultRestrictions: Record<RoleName, Restriction[]> = Object.fromEntries(
  Object.entries(resourceDefaults).map(([role, list]) => [role, [...list, ...lifecycleDefaults[role as RoleName]]]),
) as Record<RoleName, Restriction[]>;
