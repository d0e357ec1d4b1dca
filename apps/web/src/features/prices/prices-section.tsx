import { Alert, Loader, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  CampaignType,
  messages,
  MessagingServiceType,
  priceMessages,
  priceRowErrors,
  type FieldErrors,
  type PriceRowInput,
} from '@canvass/domain';
import { useMemo, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import type {
  PriceInput,
  PricesQuery,
  PricesQueryVariables,
  UpdatePricesMutation,
  UpdatePricesMutationVariables,
} from '../../gql/graphql';
import { AddRowButton, RemoveRowButton } from '../../ui/form/row-buttons';
import { SaveButton } from '../../ui/form/save-button';
import { useRowsSection } from '../../ui/form/use-rows-section';
import { joinErrors } from '../../ui/form/use-form-state';
import { errorText, fieldErrorsText, notifyFailed, notifySuccess } from '../../ui/notify';
import type { FieldError } from '../../ui/types';
import { PRICES, UPDATE_PRICES } from './prices-operations';

/** Whose prices a section edits: the organization's own rows, a client's or a project's (spec §3 Price). */
export type PricesScope = 'organization' | { clientId: string } | { projectId: string };

type PriceView = PricesQuery['prices'][number];

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
  price: p.price,
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

/** What the API takes for a row (the domain's PriceRowInput, every key given): a removed saved row only says so. */
function toInput(r: PriceRow): PriceInput & PriceRowInput {
  const none = { messagingServiceType: null, campaignType: null, isSent: null, price: null, startAt: null };
  if (r._destroy) return { id: r.id, _destroy: true, ...none };
  return {
    id: r.id,
    _destroy: false,
    messagingServiceType: r.messagingServiceType,
    campaignType: r.campaignType,
    isSent: r.direction === 'Sent',
    price: r.price.trim(),
    startAt: r.startAt.trim() || null,
  };
}

const asList = (errors: FieldErrors): FieldError[] =>
  Object.entries(errors).map(([field, messages]) => ({ field, messages }));

const variablesOf = (scope: PricesScope): PricesQueryVariables =>
  scope === 'organization'
    ? { clientId: null, projectId: null }
    : 'clientId' in scope
      ? { clientId: scope.clientId, projectId: null }
      : { clientId: null, projectId: scope.projectId };

// An empty level holds no typename to invalidate: name the type so its list refreshes after a save.
const CONTEXT = { additionalTypenames: ['Price'] };

export interface PricesSectionProps {
  scope: PricesScope;
  /** Whether the viewer may change this level's prices (the record's `can.update`); read-only otherwise. */
  canUpdate: boolean;
  /** The line above the table; a sentence about the organization's prices when omitted. */
  description?: string;
}

/**
 * A level's prices (spec §3 Price, §5 Prices): a price per service, campaign type and direction from a start date,
 * loaded and saved through `prices` / `updatePrices` for the organization, a client or a project. A row without a
 * price is removed when saved; 'Prices Updated Successfully', or 'Error Updating Prices' with the fields and their
 * messages (spec §8).
 */
export function PricesSection({ scope, canUpdate, description }: PricesSectionProps) {
  const variables = useMemo(() => variablesOf(scope), [scope]);
  const [result] = useQuery<PricesQuery, PricesQueryVariables>({ query: PRICES, variables, context: CONTEXT });
  if (result.error)
    return (
      <Alert color="red" title={messages.failed}>
        {errorText(result.error)}
      </Alert>
    );
  if (!result.data) return <Loader aria-label="Loading prices" />;
  return (
    <PricesForm
      // A new level (another client) starts from its own rows.
      key={JSON.stringify(variables)}
      variables={variables}
      saved={result.data.prices}
      canUpdate={canUpdate}
      description={description}
    />
  );
}

function PricesForm(props: {
  variables: PricesQueryVariables;
  saved: PriceView[];
  canUpdate: boolean;
  description?: string;
}) {
  const [state, execute] = useMutation<UpdatePricesMutation, UpdatePricesMutationVariables>(UPDATE_PRICES);
  const { rows, setRows, errors, setErrors, disabled, set, remove } = useRowsSection<PriceRow>(
    () => props.saved.map(toRow),
    { canUpdate: props.canUpdate, saving: state.fetching },
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const prices = rows.map(toInput);
    const failed = (list: FieldError[]) => {
      setErrors(joinErrors(Object.fromEntries(list.map((e) => [e.field, e.messages]))));
      notifyFailed(fieldErrorsText(list), priceMessages.failed);
    };
    const invalid = asList(priceRowErrors(prices));
    if (invalid.length) return failed(invalid);
    const answer = await execute({ ...props.variables, prices }, CONTEXT);
    const payload = answer.data?.updatePrices;
    if (answer.error || !payload)
      return notifyFailed(answer.error ? errorText(answer.error) : '', priceMessages.failed);
    if (payload.errors.length) return failed(payload.errors);
    setRows((payload.prices ?? []).map(toRow));
    setErrors({});
    notifySuccess(payload.message ?? priceMessages.updated);
  };

  const cell = (i: number, name: string) => errors[`prices.${i}.${name}`];
  let shown = 0;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Prices form">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {props.description ?? 'The price of each message the organization sends or receives, from its start date.'} A
          row without a price is removed when you save.
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
        {props.canUpdate && <SaveButton saving={state.fetching} />}
      </Stack>
    </form>
  );
}
