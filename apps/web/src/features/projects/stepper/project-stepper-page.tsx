import { Alert, Button, Card, Group, Loader, SegmentedControl, Stack, Stepper, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { NEW_PROJECT_STATUS, type ProjectStatusValue } from '@canvass/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useQuery } from 'urql';
import { usePageTitle } from '../../../ui/use-page-title';
import type { StepperProjectQuery, StepperProjectQueryVariables } from '../../../gql/graphql';
import { notifyFailed } from '../../../ui/notify';
import type { ResourceDraft } from '../../../ui/types';
import { BasicInfoStep } from './basic-info-step';
import { ListSetupStep } from './list-setup-step';
import { ListSummaryStep } from './list-summary-step';
import { ScheduleStep } from './schedule-step';
import { SenderStep } from './sender-step';
import {
  blankValues,
  canAutosave,
  fieldErrorsOf,
  missingBeforeSave,
  positionOf,
  settleValues,
  STEP_LABELS,
  STEPS,
  stepperErrorText,
  stepProblems,
  valuesOf,
  type StepperValues,
} from './stepper-model';
import { TestTextForm } from '../test-text/test-text-form';
import { StepperProject } from './stepper-operations';
import { TextersStep } from './texters-step';
import { projectSenders, useActivePhones } from './use-active-phones';
import { useStepperList } from './use-stepper-list';
import { useStepperSave, type SaveOutcome } from './use-stepper-save';

/** How long typing may pause before autosave sends what is there. */
const AUTOSAVE_DELAY_MS = 800;

/**
 * The project stepper (spec §2): /projects/stepper builds a new project, /projects/stepper/{id} continues one at
 * its saved step. Autosave creates the project once its four required fields are set and updates it after; each
 * step's Next saves the step reached as currentStep. Finish goes to the project's discussions.
 */
export function ProjectStepperPage() {
  usePageTitle('Project stepper');
  const { id } = useParams();
  const navigate = useNavigate();
  const [values, setValues] = useState<StepperValues | null>(id ? null : blankValues());
  const [record, setRecord] = useState<ResourceDraft>({});
  const [status, setStatus] = useState<ProjectStatusValue>(NEW_PROJECT_STATUS);
  const [position, setPosition] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const { save, projectId } = useStepperSave(id ?? null);
  // Set once the form holds what the user types: a saved project is read into it only on arrival.
  const started = useRef(!id);
  // What a save sends, as of when it runs: the form as last changed or settled, and the step it is saved at.
  const latest = useRef<StepperValues | null>(values);
  const savedAt = useRef(0);

  const [loaded] = useQuery<StepperProjectQuery, StepperProjectQueryVariables>({
    query: StepperProject.source,
    variables: { id: id ?? '' },
    pause: !id || started.current,
    requestPolicy: 'network-only',
  });
  useEffect(() => {
    const p = loaded.data?.project;
    if (!p || started.current) return;
    started.current = true;
    latest.current = valuesOf(p);
    savedAt.current = positionOf(p.currentStep);
    setValues(latest.current);
    setRecord({ client: p.client, agency: p.agency, manager: p.manager });
    setStatus(p.projectStatus);
    setPosition(positionOf(p.currentStep));
  }, [loaded.data]);

  const list = useStepperList(values?.listId ?? null);
  const { phones } = useActivePhones();

  /** Saves, then shows the outcome: errors on their fields (and, when asked, the 'Error' toast), ids on new rows. */
  async function persist(toast: boolean): Promise<SaveOutcome> {
    const outcome = await save(() => ({ values: latest.current!, step: STEPS[savedAt.current].saved }));
    if (outcome.kind === 'refused') {
      setErrors(fieldErrorsOf(outcome.errors));
      if (toast) notifyFailed(stepperErrorText(outcome.errors), 'Error');
    } else if (outcome.kind === 'saved') {
      setErrors({});
      setStatus(outcome.project.projectStatus);
      // At once, not at the next render: a save queued behind this one reads the rows with their new ids.
      latest.current = settleValues(latest.current!, outcome.project);
      setValues(latest.current);
      if (outcome.created) void navigate(`/projects/stepper/${outcome.project.id}`, { replace: true });
    }
    return outcome;
  }

  const autosave = useDebouncedCallback(() => void persist(false), AUTOSAVE_DELAY_MS);

  function change(patch: Partial<StepperValues>) {
    if (!latest.current) return;
    latest.current = { ...latest.current, ...patch };
    setValues(latest.current);
    if (canAutosave(latest.current)) autosave();
  }

  async function go(to: number) {
    const values = latest.current;
    if (!values) return;
    if (!canAutosave(values)) {
      // Nothing is saved before these four: said the way the server would say it, on Basic Info.
      const missing = missingBeforeSave(values);
      setErrors(fieldErrorsOf(missing));
      setPosition(0);
      notifyFailed(stepperErrorText(missing), 'Error');
      return;
    }
    const lacking = to > position ? stepProblems(position, values) : [];
    if (lacking.length) {
      setErrors(fieldErrorsOf(lacking));
      notifyFailed(stepperErrorText(lacking), 'Error');
      return;
    }
    setBusy(true);
    // The step is saved as reached: an autosave still to run saves it the same, never the one left behind.
    const from = savedAt.current;
    savedAt.current = to;
    const outcome = await persist(true);
    setBusy(false);
    if (outcome.kind === 'saved') setPosition(to);
    else savedAt.current = from;
  }

  async function finish() {
    if (!values) return;
    setBusy(true);
    const outcome = await persist(true);
    setBusy(false);
    if (outcome.kind === 'saved') void navigate(`/projects/${outcome.project.id}/discussions`);
  }

  const senders = useMemo(() => projectSenders(phones, values?.phones ?? []), [phones, values?.phones]);

  if (id && loaded.data && !loaded.data.project && !started.current) return <Navigate to="/dashboard" replace />;
  if (loaded.error && !values) return <Alert color="red">{loaded.error.message}</Alert>;
  if (!values) return <Loader />;

  const step = STEPS[position];
  const active = STEP_LABELS.indexOf(step.label);
  const props = { values, change, errors };
  const last = position === STEPS.length - 1;

  return (
    <Stack>
      <Title order={2}>{values.name.trim() || 'New project'}</Title>
      <Stepper active={active} size="sm" allowNextStepsSelect={false}>
        {STEP_LABELS.map((label) => (
          <Stepper.Step key={label} label={label} />
        ))}
      </Stepper>
      <Card withBorder>
        {step.label === 'List Import' && (
          <SegmentedControl
            mb="md"
            data={['Setup', 'Summary']}
            value={step.sub ?? 'Setup'}
            onChange={(sub) => void go(STEPS.findIndex((s) => s.sub === sub))}
          />
        )}
        {position === 0 && <BasicInfoStep {...props} record={record} list={list} projectId={projectId.current} />}
        {position === 1 && <ListSetupStep {...props} />}
        {position === 2 && <ListSummaryStep list={list} projectId={projectId.current} />}
        {position === 3 && <SenderStep {...props} />}
        {position === 4 && <ScheduleStep {...props} />}
        {position === 5 && <TextersStep {...props} status={status} />}
        {position === 6 && <TestTextForm projectId={projectId.current} message={values.message} senders={senders} />}
      </Card>
      <Group justify="space-between">
        <Button variant="default" disabled={position === 0 || busy} onClick={() => void go(position - 1)}>
          Back
        </Button>
        {last ? (
          <Button loading={busy} onClick={() => void finish()}>
            Finish
          </Button>
        ) : (
          <Button loading={busy} onClick={() => void go(position + 1)}>
            Next
          </Button>
        )}
      </Group>
    </Stack>
  );
}
