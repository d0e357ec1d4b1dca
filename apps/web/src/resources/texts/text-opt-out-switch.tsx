import { Switch } from '@mantine/core';
import { optOut, optOutMessages, textEntry } from '@canvass/domain';
import { useMutation } from 'urql';
import { useSession } from '../../session/session';
import type { SetTextOptOutMutation, SetTextOptOutMutationVariables } from '../../gql/graphql';
import { errorText, fieldErrorsText, notifyFailed, notifySuccess } from '../../ui/notify';
import type { ResourceRecord } from '../../ui/types';
import { SET_TEXT_OPT_OUT } from './text-operations';

/**
 * The opt-out toggle on a text (spec §4): on opts the text's recipient (the sender of a received text) out of the
 * text's client, off removes that opt-out. Shown to whoever may add or remove opt-outs; the text reloads with the
 * opt-out lists.
 */
export function TextOptOutSwitch({ record }: { record: ResourceRecord }) {
  const { can } = useSession();
  const [state, setOptOut] = useMutation<SetTextOptOutMutation, SetTextOptOutMutationVariables>(SET_TEXT_OPT_OUT);
  const on = record.optOut === true;
  if (!can(on ? 'Delete' : 'Create', 'OptOut')) return null;

  async function toggle(next: boolean) {
    const failedTitle = next ? optOutMessages.errorAdding : optOutMessages.errorRemoving;
    const result = await setOptOut(
      { id: String(record.id), optOut: next },
      { additionalTypenames: [textEntry.typeName, optOut.typeName] },
    );
    const payload = result.data?.setTextOptOut;
    if (result.error || !payload)
      return notifyFailed(result.error ? errorText(result.error) : failedTitle, failedTitle);
    // The server's first error is the spec's own ('Error adding opt-out'): the title says it, the rest explains.
    if (payload.errors.length)
      return notifyFailed(
        fieldErrorsText(
          payload.errors.filter((e) => !e.messages.includes(failedTitle)),
          optOut,
        ),
        failedTitle,
      );
    notifySuccess(payload.message ?? (next ? optOutMessages.created : optOutMessages.deleted));
  }

  return (
    <Switch
      label="Opted out"
      checked={on}
      disabled={state.fetching}
      onChange={(e) => void toggle(e.currentTarget.checked)}
    />
  );
}
