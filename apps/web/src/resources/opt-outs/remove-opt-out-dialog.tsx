import { Alert, Textarea } from '@mantine/core';
import { optOut, optOutMessages } from '@canvass/domain';
import { useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import type { RemoveOptOutMutation, RemoveOptOutMutationVariables } from '../../gql/graphql';
import { errorText, notifySuccess } from '../../ui/notify';
import { RemoveFormModal } from '../../ui/remove-form-modal';
import { REMOVE_OPT_OUT } from './opt-out-operations';

interface Props {
  optOutId: string;
  opened: boolean;
  onClose(): void;
  onRemoved(): void;
}

/** Removing an opt-out asks why: the reason is required and kept in the opt-out's history. */
export function RemoveOptOutDialog({ optOutId, opened, onClose, onRemoved }: Props) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [state, remove] = useMutation<RemoveOptOutMutation, RemoveOptOutMutationVariables>(REMOVE_OPT_OUT);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!reason.trim()) {
      setError(optOutMessages.reasonRequired);
      return;
    }
    const result = await remove({ id: optOutId, reason }, { additionalTypenames: [optOut.typeName] });
    const payload = result.data?.removeOptOut;
    if (result.error || !payload) {
      setFailure(result.error ? errorText(result.error) : optOutMessages.errorRemoving);
      return;
    }
    if (payload.errors.length) {
      const reasonError = payload.errors.find((e) => e.field === 'reason');
      if (reasonError) setError(reasonError.messages.join(' '));
      const others = payload.errors.filter((e) => e.field !== 'reason');
      if (others.length) setFailure(others.flatMap((e) => e.messages).join(' '));
      return;
    }
    notifySuccess(payload.message ?? optOutMessages.removed);
    onRemoved();
  }

  return (
    <RemoveFormModal
      opened={opened}
      title="Remove opt-out"
      busy={state.fetching}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
    >
      {failure && (
        <Alert color="red" title={optOutMessages.errorRemoving}>
          {failure}
        </Alert>
      )}
      <Textarea
        label="Reason"
        withAsterisk
        description="Why this number may be texted again; kept in the opt-out's history"
        rows={2}
        value={reason}
        onChange={(e) => {
          setReason(e.currentTarget.value);
          setError(null);
        }}
        error={error}
        data-autofocus
      />
    </RemoveFormModal>
  );
}
