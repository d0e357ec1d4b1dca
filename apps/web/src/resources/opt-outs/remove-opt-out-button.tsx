import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../session/session';
import { RemoveOptOutDialog } from './remove-opt-out-dialog';

/** The opt-out's Remove: the dialog asks for the reason; then back to its client's tab, or to the opt-outs. */
export function RemoveOptOutButton({ record }: { record: { id: string; clientId: string | null } }) {
  const { can } = useSession();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  if (!can('Delete', 'OptOut')) return null;
  return (
    <>
      <Button color="red" variant="light" mt="sm" leftSection={<IconTrash size={16} />} onClick={() => setOpened(true)}>
        Remove
      </Button>
      <RemoveOptOutDialog
        optOutId={record.id}
        opened={opened}
        onClose={() => setOpened(false)}
        onRemoved={() => void navigate(record.clientId ? `/clients/${record.clientId}/opt_outs` : '/opt-outs')}
      />
    </>
  );
}
