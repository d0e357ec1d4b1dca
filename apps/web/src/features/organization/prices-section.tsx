import { Select, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  CampaignType,
  MessagingServiceType,
  organizationMessages,
  priceRowErrors,
  type FieldErrors,
  type PriceRowInput,
} from '@canvass/domain';
import type { FormEvent } from 'react';
import { AddRowButton, RemoveRowButton } from '../../ui/form/RowButtons';
import { joinErrors } from '../../ui/form/useFormState';
import { fieldErrorsText, notifyFailed, notifySuccess } from '../../ui/notify';
import type { FieldError } from '../../ui/types';
import type { OrganizationRecord, PriceView } from './organization-documents';
import { useRowsSection } from './use-rows-section';
import { SaveButton } from '../../ui/form/SaveButton';

/** One price as the section edits it: every value as typed; a saved row removed is kept, marked _destroy. */
interface PriceRow {
  id: string | null;
  _destroy: boolean;
  messagingServiceType: string | null;
  campaignType: string | null;
  direction: 'Sent' | 'Received';
  price: string;
  startAt: string;
}

const DIRECTIONS = ['Sent', 'Received'];

const toRow = (p: PriceView): PriceRow => ({
  id: p.id,
  _destroy: false,
  messagingServiceType: p.messagingServiceType,
  campaignType: p.campaignType,
  direction: p.isSent ? 'Sent' : 'Received',
  price: String(p.price),
  startAt: p.startAt.slice(0, 10),
});

const blankRow = (): PriceRow => ({
  id: null,
  _destroy: false,
  messagingServiceType: 'SMS',
  campaignType: 'Registered',
  direction: 'Sent',
  price: '',
  startAt: '',
});

function toInput(r: PriceRow): PriceRowInput {
  if (r._destroy) return { id: r.id, _destroy: true };
  return {
    id: r.id,
    messagingServiceType: r.messagingServiceType,
    campaignType: r.campaignType,
    isSent: r.direction === 'Sent',
    price: r.price.trim(),
    startAt: r.startAt.trim() || null,
  };
}

const asList = (errors: FieldErrors): FieldError[] =>
  Object.entries(errors).map(([field, messages]) => ({ field, messages }));

/**
 * Organization-wide prices (spec §5 Prices): a price per service, campaign type and direction from a start date.
 * A row without a price is removed when saved; 'Prices Updated Successfully' or 'Error Updating Prices' with the
 * list of fields and messages.
 */
export function PricesSection({ record }: { record: OrganizationRecord }) {
  const { rows, setRows, errors, setErrors, save, disabled, set, remove } = useRowsSection<PriceRow>(record, () =>
    record.prices.map(toRow),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const prices = rows.map(toInput);
    const invalid = asList(priceRowErrors(prices));
    const failed = (list: FieldError[]) => {
      setErrors(joinErrors(Object.fromEntries(list.map((e) => [e.field, e.messages]))));
      notifyFailed(fieldErrorsText(list), organizationMessages.pricesFailed);
    };
    if (invalid.length) return failed(invalid);
    const outcome = await save.run({ prices });
    if (outcome.kind === 'failed') return notifyFailed(outcome.message, organizationMessages.pricesFailed);
    if (outcome.kind === 'invalid') return failed(outcome.errors);
    const saved = outcome.record as OrganizationRecord | null;
    setRows((saved?.prices ?? []).map(toRow));
    setErrors({});
    notifySuccess(organizationMessages.pricesUpdated);
  };

  const cell = (i: number, name: string) => errors[`prices.${i}.${name}`];
  let shown = 0;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Prices form">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          The price of each message the organization sends or receives, from its start date. A row without a price is
          removed when you save.
        </Text>
        <Table aria-label="Prices">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Service</Table.Th>
              <Table.Th>Campaign type</Table.Th>
              <Table.Th>Direction</Table.Th>
              <Table.Th>Price</Table.Th>
              <Table.Th>Start date</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, i) => {
              if (row._destroy) return null;
              const n = ++shown;
              return (
                <Table.Tr key={row.id ?? `new-${i}`}>
                  <Table.Td>
                    <Select
                      aria-label={`Service ${n}`}
                      data={MessagingServiceType.options()}
                      value={row.messagingServiceType}
                      onChange={(v) => set(i, { messagingServiceType: v })}
                      error={cell(i, 'messagingServiceType')}
                      disabled={disabled}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`Campaign type ${n}`}
                      data={CampaignType.options()}
                      value={row.campaignType}
                      onChange={(v) => set(i, { campaignType: v })}
                      error={cell(i, 'campaignType')}
                      disabled={disabled}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`Direction ${n}`}
                      data={DIRECTIONS}
                      value={row.direction}
                      onChange={(v) => set(i, { direction: v === 'Received' ? 'Received' : 'Sent' })}
                      allowDeselect={false}
                      disabled={disabled}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Price ${n}`}
                      inputMode="decimal"
                      placeholder="0.035"
                      value={row.price}
                      onChange={(e) => set(i, { price: e.currentTarget.value })}
                      error={cell(i, 'price')}
                      disabled={disabled}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Start date ${n}`}
                      type="date"
                      value={row.startAt}
                      onChange={(e) => set(i, { startAt: e.currentTarget.value })}
                      error={cell(i, 'startAt')}
                      disabled={disabled}
                    />
                  </Table.Td>
                  <Table.Td>
                    <RemoveRowButton label={`Remove price ${n}`} onClick={() => remove(i)} disabled={disabled} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <AddRowButton label="Add price" onClick={() => setRows((prev) => [...prev, blankRow()])} disabled={disabled} />
        {record.can.update && <SaveButton saving={save.running} />}
      </Stack>
    </form>
  );
}
