import { ActionIcon, Alert, Button, Group, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import {
  canEditDeliveryType,
  canEditQuota,
  DeliveryType,
  deliveryTypeHelp,
  project,
  projectMessages,
  projectStatusGroup,
  SendingType,
  type ProjectStatusValue,
  type RoleName,
} from '@canvass/domain';
import { useQuery } from 'urql';
import { useSession } from '../../../session/session';
import type { StepperTeamsQuery, StepperTeamsQueryVariables } from '../../../gql/graphql';
import { StepperTeams } from './stepper-operations';
import { useOrganizationUsers } from './use-organization-users';
import type { StepProps } from './step-props';
import type { TeamRow, TexterRow } from './stepper-model';

/** Spec §5/§9: a quota is a number of at most 10 digits. */
export const QUOTA_MAX_LENGTH = 10;

/** Why the quota cannot be typed here: the lifecycle's rule, in words. */
function quotaLockedReason(deliveryType: string, ready: boolean): string {
  if (ready) return 'Quotas are locked once the project is ready.';
  if (deliveryType === 'External') return 'Only a team lead sets quotas for External delivery.';
  if (deliveryType === 'Internal') return 'Only a client sets quotas for Internal delivery.';
  return 'Blast delivery has no quotas.';
}

function teamsAfter(rows: readonly TeamRow[], ids: readonly string[]): TeamRow[] {
  const kept = rows.map((r) =>
    ids.includes(r.teamId) ? { ...r, _destroy: false } : r.id === null ? null : { ...r, _destroy: true },
  );
  const added = ids
    .filter((id) => !rows.some((r) => r.teamId === id))
    .map((teamId) => ({ id: null, teamId, _destroy: false }));
  return [...kept.filter((r): r is TeamRow => r !== null), ...added];
}

/**
 * Texters: the delivery and sending type, the teams (External delivery) and the texters with their quotas. Who may
 * change the delivery type and the quotas is the domain's lifecycle (canEditDeliveryType, canEditQuota), the same
 * rule the server enforces; this step only shows it.
 */
export function TextersStep({ values, change, errors, status }: StepProps & { status: ProjectStatusValue }) {
  const { user, isAdmin } = useSession();
  const role = (isAdmin ? 'Admin' : (user?.role ?? 'Texter')) as RoleName;
  const [teams] = useQuery<StepperTeamsQuery, StepperTeamsQueryVariables>({ query: StepperTeams.source });
  const userOptions = useOrganizationUsers();
  const teamOptions = (teams.data?.teams.nodes ?? []).map((t) => ({ value: t.id, label: t.name }));

  const quotaEditable = canEditQuota({ role, isAdmin }, { projectStatus: status, deliveryType: values.deliveryType });
  const deliveryEditable = canEditDeliveryType({ role }, status);
  const teamsEditable = role === 'Client' || role === 'Admin';
  const ready = projectStatusGroup(status) === 'Ready';

  const setTexter = (i: number, patch: Partial<TexterRow>) =>
    change({ texters: values.texters.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  const removeTexter = (i: number) =>
    change({
      texters:
        values.texters[i].id === null
          ? values.texters.filter((_, j) => j !== i)
          : values.texters.map((r, j) => (j === i ? { ...r, _destroy: true } : r)),
    });

  return (
    <Stack>
      <Group grow align="flex-start">
        <Select
          label={project.fields.deliveryType.label}
          data={DeliveryType.options()}
          value={values.deliveryType}
          onChange={(v) => change({ deliveryType: v ?? values.deliveryType })}
          allowDeselect={false}
          disabled={!deliveryEditable}
          description={deliveryEditable ? undefined : projectMessages.deliveryTypeNotEditable}
          error={errors.deliveryType}
        />
        <Select
          label={project.fields.sendingType.label}
          data={SendingType.options()}
          value={values.sendingType}
          onChange={(v) => change({ sendingType: v ?? values.sendingType })}
          allowDeselect={false}
          error={errors.sendingType}
        />
      </Group>
      {DeliveryType.is(values.deliveryType) && (
        // What the chosen type does, said as it is chosen: External and Internal wait for texters (issue 35 §1).
        <Alert
          variant="light"
          color={values.deliveryType === 'Blast' ? 'blue' : 'orange'}
          aria-label="What this delivery type does"
        >
          {deliveryTypeHelp[values.deliveryType]}
        </Alert>
      )}
      {values.deliveryType === 'External' && (
        <MultiSelect
          label="Teams"
          data={teamOptions}
          value={values.teams.filter((r) => !r._destroy).map((r) => r.teamId)}
          onChange={(ids) => change({ teams: teamsAfter(values.teams, ids) })}
          disabled={!teamsEditable}
          description={teamsEditable ? undefined : 'A client selects the teams for External delivery.'}
          searchable
          error={errors.projectTeams}
        />
      )}
      <Text fw={500}>Texters</Text>
      {!quotaEditable && (
        <Text size="sm" c="dimmed">
          {quotaLockedReason(values.deliveryType, ready)}
        </Text>
      )}
      {values.texters.map((row, i) =>
        row._destroy ? null : (
          <Group key={row.id ?? `new-${i}`} align="flex-start">
            <Select
              label="Texter"
              data={userOptions}
              value={row.userId || null}
              onChange={(v) => setTexter(i, { userId: v ?? '' })}
              searchable
              error={errors[`projectTexters.${i}.userId`]}
            />
            <TextInput
              label="Quota"
              withAsterisk={quotaEditable}
              inputMode="numeric"
              maxLength={QUOTA_MAX_LENGTH}
              value={row.quota}
              onChange={(e) => setTexter(i, { quota: e.currentTarget.value.replace(/\D/g, '') })}
              disabled={!quotaEditable}
              description={quotaEditable ? undefined : quotaLockedReason(values.deliveryType, ready)}
              error={errors[`projectTexters.${i}.quota`]}
            />
            <ActionIcon variant="subtle" color="red" mt={28} aria-label="Remove texter" onClick={() => removeTexter(i)}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ),
      )}
      <Group>
        <Button
          variant="light"
          onClick={() => change({ texters: [...values.texters, { id: null, userId: '', quota: '', _destroy: false }] })}
        >
          Add texter
        </Button>
      </Group>
    </Stack>
  );
}
