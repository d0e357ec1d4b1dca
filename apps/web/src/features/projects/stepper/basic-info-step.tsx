import { Select, Stack } from '@mantine/core';
import { MediaPosition, project } from '@canvass/domain';
import { ProjectMedia } from '../message-editor/project-media';
import { FieldInput } from '../../../ui/form/field-input';
import type { FormValue, FormValues } from '../../../ui/form/form-values';
import type { ResourceDraft } from '../../../ui/types';
import type { StepProps } from './step-props';
import type { StepperValues } from './stepper-model';
import { StepperMessage } from './stepper-message';
import { useOrganizationUsers } from './use-organization-users';
import type { StepperListView } from './use-stepper-list';

const REGISTRY_FIELDS = ['name', 'projectType', 'clientId', 'agencyId'] as const;

/**
 * Basic Info: the four fields autosave waits for (name, type, client, manager), the agency, and the message with its
 * media (uploaded as soon as it is chosen) and its position. The inputs are the registry's, so labels and choices
 * match the project's edit screen.
 */
export function BasicInfoStep({
  values,
  change,
  errors,
  record,
  list,
  projectId,
}: StepProps & { record: ResourceDraft; list: StepperListView | null; projectId: string | null }) {
  // The registry's inputs read the form by name; these four are strings or null, so form values as they are.
  const asForm: FormValues = Object.fromEntries(
    REGISTRY_FIELDS.map((name): [string, FormValue] => [name, values[name]]),
  );
  const users = useOrganizationUsers();
  return (
    <Stack>
      {REGISTRY_FIELDS.map((name) => (
        <FieldInput
          key={name}
          name={name}
          field={project.fields[name]}
          value={asForm[name]}
          onChange={(v) => change({ [name]: typeof v === 'string' ? v : null } as Partial<StepperValues>)}
          errors={errors}
          disabled={false}
          values={asForm}
          record={record}
          allowInlineCreate
        />
      ))}
      {/* Users are not a generic registry list (the users module serves them): the organization's members. */}
      <Select
        label={project.fields.managerId.label}
        withAsterisk
        searchable
        data={users}
        value={values.managerId}
        onChange={(managerId) => change({ managerId })}
        error={errors.managerId}
      />
      <StepperMessage values={values} change={change} errors={errors} list={list} projectId={projectId} />
      <ProjectMedia
        projectId={projectId}
        media={values.media}
        onMediaChange={(media) => change({ media })}
        mediaPosition={MediaPosition.is(values.mediaPosition) ? values.mediaPosition : 'NoPreference'}
        onMediaPositionChange={(mediaPosition) => change({ mediaPosition })}
        error={errors.mediaPosition}
      />
    </Stack>
  );
}
