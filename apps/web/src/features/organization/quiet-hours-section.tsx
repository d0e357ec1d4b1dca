import { Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  defaultQuietHours,
  QuietHoursDays,
  quietHoursErrors,
  usStates,
  type QuietHours,
  type QuietHoursDaysValue,
} from '@canvass/domain';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { AddRowButton, RemoveRowButton } from '../../ui/form/row-buttons';
import { SaveButton } from '../../ui/form/save-button';
import { useRowsSection } from '../../ui/form/use-rows-section';
import { joinErrors } from '../../ui/form/use-form-state';
import { fieldErrorsText, notifyFailed, notifySaved } from '../../ui/notify';
import type { OrganizationRecord } from './organization-documents';
import { useSaveOrganization } from './use-save-organization';

const STATES = usStates.map((s) => ({ value: s.abbreviation, label: `${s.name} (${s.abbreviation})` }));
const DAYS = QuietHoursDays.options();

/** A state window being edited: never stored as rows of their own, so every one is new (id null) to the form. */
interface WindowRow {
  id: null;
  state: string | null;
  days: QuietHoursDaysValue | null;
  start: string;
  end: string;
}

const toRows = (q: QuietHours): WindowRow[] => q.states.map((w) => ({ id: null, ...w }));

/** What the API takes: the whole setting, which replaces the stored one. */
const toInput = (start: string, end: string, rows: readonly WindowRow[]) => ({
  start: start.trim(),
  end: end.trim(),
  states: rows.map((r) => ({ state: r.state ?? '', days: r.days ?? '', start: r.start.trim(), end: r.end.trim() })),
});

/**
 * The organization's quiet hours (issue 15 §2): texts go out only inside the general window of the recipient's
 * local time, narrowed by a state's own window on the days it names. Checked as dispatch claims each text.
 */
export function QuietHoursSection({ record }: { record: OrganizationRecord }) {
  const saved = record.quietHours ?? defaultQuietHours;
  const save = useSaveOrganization(record.id);
  const [start, setStart] = useState(saved.start);
  const [end, setEnd] = useState(saved.end);
  const { rows, setRows, errors, setErrors, disabled, set, remove } = useRowsSection<WindowRow>(() => toRows(saved), {
    canUpdate: record.can.update,
    saving: save.running,
  });

  const showSetting = (q: QuietHours) => {
    setStart(q.start);
    setEnd(q.end);
    setRows(toRows(q));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const quietHours = toInput(start, end, rows);
    const invalid = quietHoursErrors(quietHours as QuietHours);
    if (Object.keys(invalid).length) return setErrors(joinErrors(invalid));
    const outcome = await save.run({ quietHours });
    if (outcome.kind === 'failed') return notifyFailed(outcome.message);
    if (outcome.kind === 'invalid') {
      const prefix = 'quietHours.';
      setErrors(joinErrors(Object.fromEntries(outcome.errors.map((e) => [e.field.replace(prefix, ''), e.messages]))));
      return notifyFailed(fieldErrorsText(outcome.errors), 'Error');
    }
    const stored = (outcome.record as OrganizationRecord | null)?.quietHours;
    if (stored) showSetting(stored);
    setErrors({});
    notifySaved();
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Quiet hours form">
      <Stack gap="md" maw={760}>
        <Text size="sm" c="dimmed">
          Texts go out only inside these hours in the recipient&apos;s local time (the time zone of the number&apos;s
          area code; where an area code spans two zones, both must be open). A text outside them waits for its window,
          and expires if the project ends first. Times are HH:MM, 24-hour; the end is not included.
        </Text>
        <Group align="flex-start">
          <TextInput
            label="Sending starts"
            withAsterisk
            value={start}
            onChange={(e) => setStart(e.currentTarget.value)}
            error={errors.start}
            disabled={disabled}
            w={160}
          />
          <TextInput
            label="Sending ends"
            withAsterisk
            value={end}
            onChange={(e) => setEnd(e.currentTarget.value)}
            error={errors.end}
            disabled={disabled}
            w={160}
          />
        </Group>
        <Title order={4}>State rules</Title>
        <Text size="sm" c="dimmed">
          A state&apos;s own window narrows the general one for its area codes. On a day none of a state&apos;s rows
          covers, nothing is sent there.
        </Text>
        {rows.map((row, i) => {
          const n = i + 1;
          const at = `states.${i}`;
          return (
            <Group key={i} align="flex-start" wrap="nowrap">
              <Select
                label="State"
                aria-label={`State ${n}`}
                data={STATES}
                searchable
                value={row.state}
                onChange={(v) => set(i, { state: v })}
                error={errors[`${at}.state`]}
                disabled={disabled}
                style={{ flex: 2 }}
              />
              <Select
                label="Days"
                aria-label={`Days ${n}`}
                data={DAYS}
                value={row.days}
                onChange={(v) => set(i, { days: v as QuietHoursDaysValue | null })}
                error={errors[`${at}.days`]}
                disabled={disabled}
                style={{ flex: 2 }}
              />
              <TextInput
                label="Starts"
                aria-label={`Starts ${n}`}
                value={row.start}
                onChange={(e) => set(i, { start: e.currentTarget.value })}
                error={errors[`${at}.start`]}
                disabled={disabled}
                style={{ flex: 1 }}
              />
              <TextInput
                label="Ends"
                aria-label={`Ends ${n}`}
                value={row.end}
                onChange={(e) => set(i, { end: e.currentTarget.value })}
                error={errors[`${at}.end`]}
                disabled={disabled}
                style={{ flex: 1 }}
              />
              <RemoveRowButton label={`Remove state rule ${n}`} onClick={() => remove(i)} disabled={disabled} />
            </Group>
          );
        })}
        <AddRowButton
          label="Add state rule"
          onClick={() => setRows((prev) => [...prev, { id: null, state: null, days: 'EveryDay', start: '', end: '' }])}
          disabled={disabled}
        />
        {record.can.update && (
          <SaveButton saving={save.running}>
            <Button variant="subtle" onClick={() => showSetting(defaultQuietHours)} disabled={disabled}>
              Restore the defaults
            </Button>
          </SaveButton>
        )}
      </Stack>
    </form>
  );
}
