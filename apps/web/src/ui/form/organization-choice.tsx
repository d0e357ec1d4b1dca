import { Select } from '@mantine/core';
import type { ResourceDef } from '@canvass/domain';
import { useState } from 'react';
import { useSession } from '../../session/session';

/**
 * Spec §5 (a collection's organization, required on create for those who can choose it): a platform admin who
 * belongs to several organizations picks the one a new record goes to; it starts at the current one. Everyone
 * else has no choice, and the record goes to the organization they are signed in to.
 */
export function useOrganizationChoice(def: ResourceDef, isCreate: boolean) {
  const { user, isAdmin } = useSession();
  const current = user?.currentOrganization.id ?? null;
  const [chosen, setChosen] = useState<string | null>(current);
  const organizations = user?.organizations ?? [];
  const offered = isCreate && def.organizationChoice === true && isAdmin && organizations.length > 1;
  const select = offered ? (
    <Select
      label="Organization"
      required
      allowDeselect={false}
      data={organizations.map((o) => ({ value: o.id, label: o.name }))}
      value={chosen}
      onChange={(value) => value && setChosen(value)}
    />
  ) : null;
  /** The create's extra variable, and whether the record lands outside the organization on screen. */
  const chosenOther = offered && chosen !== null && chosen !== current;
  return { select, variables: offered ? { organizationId: chosen } : {}, chosenOther };
}
