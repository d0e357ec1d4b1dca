import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { withSystem } from '../../platform/db/tenant';
import { providerFor, senderIdentity } from '../sending/resolve-provider';
import { DEMO_DOMAIN, demoSenderNumbers, demoUsers, seedDemo } from './demo-seed';

describe('demo seed', () => {
  it('seeds once when three processes start together on a new database, and the others come up', async () => {
    const app = await createTestApp();
    // Three pool connections seed at the same moment, as `--role api` ×2 and `--role worker` do on their start.
    const outcomes = await Promise.allSettled([seedDemo(app.platform), seedDemo(app.platform), seedDemo(app.platform)]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(outcomes.filter((o) => o.status === 'fulfilled' && o.value === true)).toHaveLength(1);

    const orgs = await app.sql('SELECT id FROM organizations WHERE domain = $1', [DEMO_DOMAIN]);
    expect(orgs.rowCount).toBe(1);
    const members = await app.sql('SELECT count(*)::int AS n FROM organization_users WHERE organization_id = $1', [
      orgs.rows[0].id,
    ]);
    expect(members.rows[0].n).toBe(demoUsers.length);
    // A later start changes nothing.
    expect(await seedDemo(app.platform)).toBe(false);
    expect((await app.sql('SELECT count(*)::int AS n FROM users')).rows[0].n).toBe(demoUsers.length);
  });

  it('sends through the built-in simulator from its own numbers, with no provider account', async () => {
    const app = await createTestApp();
    await seedDemo(app.platform);
    const { rows } = await app.sql(
      `SELECT p.organization_id, p.id FROM phones p JOIN organizations o ON o.id = p.organization_id
        WHERE o.domain = $1 AND p.phone_type = 'FromPhone' AND p.phone_status = 'Active' ORDER BY p.number`,
      [DEMO_DOMAIN],
    );
    expect(rows).toHaveLength(demoSenderNumbers.length);
    const identity = await withSystem(app.platform.database, 'test', (tx) =>
      senderIdentity(tx, app.platform, Number(rows[0].organization_id), Number(rows[0].id)),
    );
    expect(identity?.provider).toBe('Simulator');
    const provider = providerFor(app.platform, identity!);
    expect(provider.capabilities).toMatchObject({ deliveryReceipts: true, inbound: true, idempotentSend: true });
  });
});
