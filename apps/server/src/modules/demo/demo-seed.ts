import { defaultRestrictions, type RoleName } from '@canvass/domain';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../platform/auth/passwords';
import {
  brands,
  campaigns,
  clients,
  organizations,
  organizationUsers,
  phones,
  restrictions,
  teams,
  textDefaults,
  users,
} from '../../platform/db/schema/index';
import { syncMembership } from '../../platform/db/membership-sync';
import { withSystem, type Tx } from '../../platform/db/tenant';
import type { Platform } from '../../platform/platform';
import { joinTeams } from '../users/join-teams';
import { seedFranklin } from './demo-franklin';

export const DEMO_DOMAIN = 'demo.canvass.test';
export const DEMO_PASSWORD = 'canvass-demo';
export const DEMO_ADMIN_EMAIL = 'admin@demo.canvass.test';
/** The demo's sender numbers (fictional 555 numbers), on the simulator. */
export const demoSenderNumbers = ['2125550100', '7185550100', '3475550100'];
/** Advisory lock that serialises the seed across processes (migrations hold 7140001 the same way). */
const SEED_LOCK = 7140002;

export const demoUsers: { name: string; email: string; role: RoleName; asClient?: boolean; inTeam?: boolean }[] = [
  { name: 'Avery Admin', email: DEMO_ADMIN_EMAIL, role: 'Admin' },
  { name: 'Casey Client', email: 'client@demo.canvass.test', role: 'Client', asClient: true },
  { name: 'Taylor Lead', email: 'teamlead@demo.canvass.test', role: 'TeamLead', inTeam: true },
  { name: 'Jordan Texter', email: 'texter1@demo.canvass.test', role: 'Texter', inTeam: true },
  { name: 'Riley Texter', email: 'texter2@demo.canvass.test', role: 'Texter', inTeam: true },
];

/** Gives a new organization the default restrictions of every role (spec §6); organizations edit them later. */
export async function seedRestrictions(tx: Tx, organizationId: number): Promise<void> {
  const rows = Object.entries(defaultRestrictions).flatMap(([role, list]) =>
    list.map((r) => ({ organizationId, role: role as RoleName, resource: r.resource, operations: r.operations })),
  );
  await tx.insert(restrictions).values(rows).onConflictDoNothing();
}

/**
 * The demo organization of a first start: an agency with a client under it, another client with a loaded list, a brand on the built-in simulator with
 * a campaign and its sender numbers, a team, text defaults, and one user of each role. Idempotent: does nothing once the organization exists. Processes
 * started together on a new database (the README's scale-out) take turns on an advisory lock held until the
 * transaction ends: the first one seeds, the others then see its organization and skip.
 */
export async function seedDemo(platform: Platform): Promise<boolean> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return withSystem(platform.database, 'seed-demo', async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    const [existing] = await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.domain, DEMO_DOMAIN));
    if (existing) return false;
    const [org] = await tx
      .insert(organizations)
      .values({ name: 'Demo Organization', domain: DEMO_DOMAIN, timeZone: 'America/New_York' })
      .returning();
    const organizationId = org.id;
    await seedRestrictions(tx, organizationId);
    const [agency] = await tx
      .insert(clients)
      .values({
        organizationId,
        name: 'Blue Wave Strategies',
        clientType: 'Agency',
        clientStatus: 'Active',
        state: 'NY',
      })
      .returning();
    const [client] = await tx
      .insert(clients)
      .values({
        organizationId,
        name: 'Rivera for Senate',
        clientType: 'Campaign',
        clientStatus: 'Active',
        agencyId: agency.id,
        slug: 'rivera-for-senate',
        slogan: 'A voice for every neighborhood',
        email: 'hello@rivera.example',
        state: 'NY',
        color: '#8b0000',
      })
      .returning();
    // The built-in simulator sends for the demo (Platform settings: its defaults), so a newcomer can load and send
    // a project and watch texts deliver and replies arrive with no provider account anywhere.
    const [brand] = await tx
      .insert(brands)
      .values({
        organizationId,
        name: 'Rivera Texting (Simulator)',
        provider: 'Simulator',
        throughput: 10,
        clientId: client.id,
        providerConfigurationType: 'Platform',
      })
      .returning();
    const [campaign] = await tx
      .insert(campaigns)
      .values({
        organizationId,
        name: 'Rivera GOTV',
        code: 'RIV-GOTV',
        campaignType: 'Registered',
        clientId: client.id,
        brandId: brand.id,
        canBuyMorePhones: true,
      })
      .returning();
    await tx.insert(phones).values(
      demoSenderNumbers.map((number) => ({
        organizationId,
        number,
        phoneStatus: 'Active' as const,
        phoneType: 'FromPhone' as const,
        phoneClass: 'Provider' as const,
        provider: 'Simulator' as const,
        campaignId: campaign.id,
        clientId: client.id,
        state: 'NY',
        description: 'Simulator number',
      })),
    );
    await seedFranklin(tx, organizationId);
    const [team] = await tx
      .insert(teams)
      .values({ organizationId, name: 'Phone Bank A', teamStatus: 'Active' })
      .returning();
    await tx.insert(textDefaults).values([
      { organizationId, field: 'optOutLanguage', value: 'Reply STOP to opt out' },
      { organizationId, field: 'helpReply', value: 'Demo Organization texts. Reply STOP to opt out.' },
    ]);
    for (const u of demoUsers) {
      const [user] = await tx
        .insert(users)
        .values({
          name: u.name,
          email: u.email,
          username: u.email.split('@')[0],
          passwordHash,
          currentOrganizationId: organizationId,
        })
        .returning();
      await tx.insert(organizationUsers).values({
        organizationId,
        userId: user.id,
        role: u.role,
        clientId: u.asClient ? client.id : null,
        teamId: u.inTeam ? team.id : null,
      });
      await syncMembership(tx, organizationId, user.id);
      // A user's own team has it as a member, as every other write of a membership's team keeps it.
      await joinTeams(tx, organizationId, [{ userId: user.id, teamId: u.inTeam ? team.id : null }]);
    }
    return true;
  });
}
