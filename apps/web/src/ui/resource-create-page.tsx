import { Alert, Card, Loader, Stack, Title } from '@mantine/core';
import type { ResourceDef } from '@canvass/domain';
import { useLocation } from 'react-router';
import { errorText } from './notify';
import { ResourceForm, type FieldInputs, type SaveAction } from './resource-form';
import { useBlankRecord } from './use-blank-record';
import { usePageTitle } from './use-page-title';

/** Navigation state is whatever the previous page pushed; only plain string values are taken as presets. */
function presetFrom(state: unknown): Record<string, unknown> {
  return typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
}

/** /{path}/new: the blank record from new{Type}, with parent ids passed in navigation state (spec §2). */
export function ResourceCreatePage({
  def,
  inputs,
  saveActions,
}: {
  def: ResourceDef;
  inputs?: FieldInputs;
  saveActions?: readonly SaveAction[];
}) {
  usePageTitle(`New ${def.label.toLowerCase()}`);
  const location = useLocation();
  const { record, error } = useBlankRecord(def, presetFrom(location.state));

  return (
    <Stack gap="md">
      <Title order={2}>New {def.label.toLowerCase()}</Title>
      <Card withBorder padding="lg">
        {error ? (
          <Alert color="red" title="Failed">
            {errorText(error)}
          </Alert>
        ) : record ? (
          <ResourceForm def={def} record={record} mode="create" inputs={inputs} saveActions={saveActions} />
        ) : (
          <Loader />
        )}
      </Card>
    </Stack>
  );
}
