import { Alert, Autocomplete, Button, Group, Stack, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { optOut, optOutMessages } from '@canvass/domain';
import { useMemo, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { useSession } from '../../session/session';
import type {
  AddOptOutMutation,
  AddOptOutMutationVariables,
  OptOutPhoneSearchQuery,
  OptOutPhoneSearchQueryVariables,
} from '../../gql/graphql';
import { SEARCH_DEBOUNCE_MS } from '../../ui/constants';
import { RefSelect } from '../../ui/form/ref-select';
import { errorText, notifySuccess } from '../../ui/notify';
import { ADD_OPT_OUT, OPT_OUT_PHONE_SEARCH, OPT_OUT_PHONE_SEARCH_LIMIT } from './opt-out-operations';

// The add refreshes every list of opt-outs, also those that were empty (no typename cached to invalidate).
const REFRESH_OPT_OUTS = { additionalTypenames: [optOut.typeName, 'Phone'] };

interface Props {
  /** The client the opt-out is for, when the form was opened from its tab; empty: the organization. */
  clientId?: string | null;
  onAdded(added: { id: string; clientId: string | null }): void;
}

/**
 * A manual opt-out (spec §5): a number typed, or picked from the organization's phones (10 offered, spec §9), for a
 * client or, without one, the whole organization; an optional note. The server decides what a valid phone is and
 * answers 'You must choose a valid phone' otherwise; it is shown under the phone.
 */
export function AddOptOutForm({ clientId = null, onAdded }: Props) {
  const { can } = useSession();
  const [number, setNumber] = useState('');
  const [client, setClient] = useState<string | null>(clientId);
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [state, add] = useMutation<AddOptOutMutation, AddOptOutMutationVariables>(ADD_OPT_OUT);

  // Only digits search the phones: '(415) 555' finds 4155550101.
  const [term] = useDebouncedValue(number.replace(/\D/g, ''), SEARCH_DEBOUNCE_MS);
  const variables = useMemo(
    () => ({
      filters: [{ field: 'number', operation: 'Like' as const, value: term, arrayValues: null }],
      limit: OPT_OUT_PHONE_SEARCH_LIMIT,
    }),
    [term],
  );
  const [phones] = useQuery<OptOutPhoneSearchQuery, OptOutPhoneSearchQueryVariables>({
    query: OPT_OUT_PHONE_SEARCH,
    variables,
    // A viewer who may not see phones types the number; the search is an aid, not the only way.
    pause: term.length < 3 || !can('View', 'Phone'),
  });
  const options = [...new Set((phones.data?.phones.nodes ?? []).map((p) => p.number))];

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!number.trim()) {
      setErrors({ number: optOutMessages.invalidPhone });
      return;
    }
    const result = await add({ number, clientId: client, body: body.trim() || null }, REFRESH_OPT_OUTS);
    const payload = result.data?.addOptOut;
    if (result.error || !payload) {
      setFailure(result.error ? errorText(result.error) : optOutMessages.errorAdding);
      return;
    }
    if (payload.errors.length) {
      const byField = Object.fromEntries(payload.errors.map((e) => [e.field, e.messages.join(' ')]));
      const { base, ...fields } = byField;
      setErrors(fields);
      if (base) setFailure(base);
      return;
    }
    setErrors({});
    notifySuccess(payload.message ?? optOutMessages.added);
    if (payload.optOut) onAdded({ id: payload.optOut.id, clientId: payload.optOut.clientId ?? null });
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert color="red" title={optOutMessages.errorAdding}>
            {failure}
          </Alert>
        )}
        <Autocomplete
          label="Phone number"
          withAsterisk
          placeholder="(212)-555-0100"
          description="Type a number or pick one of the organization's phones"
          data={options}
          limit={OPT_OUT_PHONE_SEARCH_LIMIT}
          value={number}
          onChange={(value) => {
            setNumber(value);
            setErrors(({ number: _dropped, ...rest }) => rest);
          }}
          error={errors.number}
        />
        <RefSelect
          name="clientId"
          field={optOut.fields.clientId}
          value={client}
          onChange={(value) => setClient(typeof value === 'string' ? value : null)}
          errors={errors}
          disabled={false}
          values={{ clientId: client }}
          record={{}}
          allowInlineCreate={false}
        />
        <Textarea label="Body" rows={2} value={body} onChange={(e) => setBody(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button type="submit" loading={state.fetching}>
            Add opt-out
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
