import { seedRestrictions } from '../apps/server/src/modules/demo/demo-seed';
import { organizations, organizationUsers, users } from '../apps/server/src/platform/db/schema/index';
import { syncMembership } from '../apps/server/src/platform/db/membership-sync';
import { withSystem } from '../apps/server/src/platform/db/tenant';
import type { Platform } from '../apps/server/src/platform/platform';

export interface SeededOrg {
  organizationId: number;
  userId: number;
}

/** `orgs` organizations (Bench 1 …), each with its restrictions and its Manager. */
export function seedOrganizations(platform: Platform, orgs: number): Promise<SeededOrg[]> {
  return withSystem(platform.database, 'bench-seed', async (tx) => {
    const out: SeededOrg[] = [];
    for (let i = 1; i <= orgs; i++) {
      const [org] = await tx
        .insert(organizations)
        .values({ name: `Bench ${i}`, domain: `bench${i}.test` })
        .returning();
      await seedRestrictions(tx, org.id);
      const [user] = await tx
        .insert(users)
        .values({ name: `Bench Manager ${i}`, email: `bench@bench${i}.test` })
        .returning();
      await tx.insert(organizationUsers).values({ organizationId: org.id, userId: user.id, role: 'Manager' });
      await syncMembership(tx, org.id, user.id);
      out.push({ organizationId: org.id, userId: user.id });
    }
    return out;
  });
}
