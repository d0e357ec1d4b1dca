import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  allOperations,
  isOrganizationAdmin,
  messages,
  operationsOf,
  Role,
  restrictionResources,
  type Operation,
  type RoleName,
} from '@canvass/domain';
import { useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { useSession } from '../../session/session';
import type {
  OrganizationRestrictionsQuery,
  OrganizationRestrictionsQueryVariables,
  SaveRestrictionsMutation,
  SaveRestrictionsMutationVariables,
} from '../../gql/graphql';
import { errorText, fieldErrorsText, notifyFailed, notifySaved } from '../../ui/notify';
import { OrganizationRestrictions, SaveRestrictions } from './restrictions-operations';

type Cell = OrganizationRestrictionsQuery['organizationRestrictions'][number];
/** The grid being edited: role → resource → the operations ticked. */
type Grid = Record<string, Record<string, Operation[]>>;

const keyed = (cells: readonly Cell[]): Grid => {
  const grid: Grid = {};
  for (const c of cells) (grid[c.role] ??= {})[c.resource] = [...c.operations];
  return grid;
};

/**
 * Spec §6, the organization's restrictions on one screen: for the role chosen above the grid, a row per restriction
 * resource and a checkbox per operation. Changes to several roles are kept until Save, which sends the whole grid;
 * the next request of every user (the admin's own screens included) follows it.
 */
export function RestrictionsPage() {
  const session = useSession();
  const allowed = session.user !== null && isOrganizationAdmin(session.user);
  const context = useMemo(() => ({ requestPolicy: 'network-only' as const }), []);
  const [loaded] = useQuery<OrganizationRestrictionsQuery, OrganizationRestrictionsQueryVariables>({
    query: OrganizationRestrictions.source,
    context,
    pause: !allowed,
  });
  const [saving, save] = useMutation<SaveRestrictionsMutation, SaveRestrictionsMutationVariables>(
    SaveRestrictions.source,
  );
  const [grid, setGrid] = useState<Grid | null>(null);
  const [role, setRole] = useState<RoleName>('Manager');
  const served = loaded.data?.organizationRestrictions;
  useEffect(() => {
    if (served) setGrid(keyed(served));
  }, [served]);

  if (!allowed) return <Alert color="red">{messages.onlyOrganizationAdmins}</Alert>;
  if (loaded.error) return <Alert color="red">{errorText(loaded.error)}</Alert>;
  if (!grid) return <Loader />;

  const ticked = (resource: string, op: Operation) => grid[role]?.[resource]?.includes(op) ?? false;
  const toggle = (resource: string, op: Operation, on: boolean) =>
    setGrid((g) => {
      const current = g?.[role]?.[resource] ?? [];
      const next = on ? [...current, op] : current.filter((o) => o !== op);
      return { ...g, [role]: { ...g?.[role], [resource]: allOperations.filter((o) => next.includes(o)) } };
    });

  const onSave = async () => {
    const restrictions = Object.entries(grid).flatMap(([r, byResource]) =>
      Object.entries(byResource).map(([resource, operations]) => ({ role: r as RoleName, resource, operations })),
    );
    const res = await save({ restrictions });
    const payload = res.data?.saveRestrictions;
    if (res.error) return notifyFailed(errorText(res.error));
    if (payload?.errors.length) return notifyFailed(fieldErrorsText(payload.errors));
    if (payload) setGrid(keyed(payload.restrictions));
    notifySaved();
    // The admin's own menus and buttons follow the new restrictions now, not at the next sign-in.
    await session.refresh();
  };

  return (
    <Card withBorder radius="md" p="xl">
      <Stack gap="md">
        <Title order={2}>Restrictions</Title>
        <Text c="dimmed" size="sm">
          What each role of the organization may do. Platform admins may do everything. A project action (Send Texts,
          Resend Texts, Cancel Project…) is run by the roles whose Update box is ticked on its row.
        </Text>
        <SegmentedControl
          aria-label="Role"
          value={role}
          onChange={(v) => setRole(v as RoleName)}
          data={Role.options()}
        />
        <Table striped aria-label={`Restrictions of ${Role.label(role)}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Resource</Table.Th>
              {allOperations.map((op) => (
                <Table.Th key={op}>{op}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {restrictionResources.map((resource) => (
              <Table.Tr key={resource}>
                <Table.Td>{resource}</Table.Td>
                {allOperations.map((op) => (
                  <Table.Td key={op}>
                    {/* A project action's row is run or not: Update alone (lifecycle-restrictions.ts). */}
                    {operationsOf(resource).includes(op) && (
                      <Checkbox
                        aria-label={`${Role.label(role)} may ${op} ${resource}`}
                        checked={ticked(resource, op)}
                        onChange={(e) => toggle(resource, op, e.currentTarget.checked)}
                      />
                    )}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button loading={saving.fetching} onClick={() => void onSave()}>
            Save
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
