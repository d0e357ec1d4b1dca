import { Alert, Checkbox, Loader, Radio, ScrollArea, Select, Stack, Table } from '@mantine/core';
import { AreaCodeSelection, CampaignType, formatPhone, project } from '@canvass/domain';
import type { StepProps } from './step-props';
import { TABLE_MAX_HEIGHT } from './step-props';
import type { PhoneRow } from './stepper-model';
import { usableBy, useActivePhones } from './use-active-phones';

/** Adds or removes a phone: a saved one is kept marked _destroy so the save deletes it. */
function toggled(rows: readonly PhoneRow[], phoneId: string, on: boolean): PhoneRow[] {
  const at = rows.findIndex((r) => r.phoneId === phoneId);
  if (on) {
    if (at < 0) return [...rows, { id: null, phoneId, isPrimary: false, _destroy: false }];
    return rows.map((r, i) => (i === at ? { ...r, _destroy: false } : r));
  }
  if (at < 0) return [...rows];
  return rows[at].id === null
    ? rows.filter((_, i) => i !== at)
    : rows.map((r, i) => (i === at ? { ...r, _destroy: true, isPrimary: false } : r));
}

/**
 * Sender: the project's numbers among the Active purchased numbers its client may use, one of them primary, and how a recipient's
 * sender is picked (area code selection). Whether a primary is allowed is the server's rule; its errors show here.
 */
export function SenderStep({ values, change, errors }: StepProps) {
  const active = useActivePhones();
  const phones = usableBy(active.phones, values.clientId);
  const fetching = active.fetching;
  const chosen = (id: string) => values.phones.some((r) => r.phoneId === id && !r._destroy);
  const primary = values.phones.find((r) => r.isPrimary && !r._destroy)?.phoneId ?? '';
  const phoneErrors = Object.entries(errors).filter(([k]) => k.startsWith('projectPhones'));

  return (
    <Stack>
      <Select
        label={project.fields.campaignType.label}
        data={CampaignType.options()}
        value={values.campaignType}
        onChange={(v) => change({ campaignType: v ?? values.campaignType })}
        allowDeselect={false}
        error={errors.campaignType}
      />
      <Select
        label={project.fields.areaCodeSelection.label}
        data={AreaCodeSelection.options()}
        value={values.areaCodeSelection}
        onChange={(v) => change({ areaCodeSelection: v ?? values.areaCodeSelection })}
        allowDeselect={false}
        error={errors.areaCodeSelection}
      />
      {fetching && !phones.length ? (
        <Loader />
      ) : !phones.length ? (
        <Alert color="yellow">There are no Active purchased numbers this project's client may send from.</Alert>
      ) : (
        <Radio.Group
          value={primary}
          onChange={(id) => change({ phones: values.phones.map((r) => ({ ...r, isPrimary: r.phoneId === id })) })}
        >
          <ScrollArea.Autosize mah={TABLE_MAX_HEIGHT}>
            <Table aria-label="Project phones">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Use</Table.Th>
                  <Table.Th>Number</Table.Th>
                  <Table.Th>Area code</Table.Th>
                  <Table.Th>Campaign</Table.Th>
                  <Table.Th>Primary</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {phones.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Use ${formatPhone(p.number)}`}
                        checked={chosen(p.id)}
                        onChange={(e) => change({ phones: toggled(values.phones, p.id, e.currentTarget.checked) })}
                      />
                    </Table.Td>
                    <Table.Td>{formatPhone(p.number)}</Table.Td>
                    <Table.Td>{p.number.slice(0, 3)}</Table.Td>
                    <Table.Td>{p.campaign?.name ?? ''}</Table.Td>
                    <Table.Td>
                      <Radio value={p.id} aria-label={`Primary ${formatPhone(p.number)}`} disabled={!chosen(p.id)} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </Radio.Group>
      )}
      {phoneErrors.map(([k, message]) => (
        <Alert key={k} color="red">
          {message}
        </Alert>
      ))}
    </Stack>
  );
}
