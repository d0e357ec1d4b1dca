import { Menu, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { messages, type RecordOf, type user } from '@canvass/domain';
import { IconBrandGoogle, IconLock, IconLockOpen } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useMutation } from 'urql';
import { useSession } from '../../session/session';
import { notifyFailed, notifySuccess } from '../../ui/notify';
import { abilitiesOf } from '../../ui/types';

const UPDATE_USER_STATUS = `mutation UpdateUserStatus($userId: ID!, $operation: UserOperation!) {
  updateUserStatus(userId: $userId, operation: $operation) { success message }
}`;
const CONTEXT = { additionalTypenames: ['User'] };

/**
 * The user page's kebab (spec §2 users row): Lock or Unlock, each confirmed (spec §4), then back to /users with the
 * spec's one message for any status operation; and Sign in with Google on the viewer's own page (the Google
 * authorization is the signed-in user's own). Delete is the anchor's, below these.
 */
export function UserMenuItems({ record }: { record: RecordOf<typeof user> }) {
  const { user: me } = useSession();
  const navigate = useNavigate();
  const [, execute] = useMutation<{ updateUserStatus: { success: boolean; message: string | null } }>(
    UPDATE_USER_STATUS,
  );
  const canChange = abilitiesOf(record).update && record.id !== me?.id;
  const operation = record.userStatus === 'Locked' ? 'Unlock' : 'Lock';

  const run = async () => {
    const result = await execute({ userId: record.id, operation }, CONTEXT);
    const payload = result.data?.updateUserStatus;
    if (!payload?.success) return notifyFailed(payload?.message ?? messages.failed);
    notifySuccess(payload.message ?? messages.userStatusChanged);
    navigate('/users');
  };
  const confirm = () =>
    modals.openConfirmModal({
      title: `${operation} user`,
      children: (
        <Text size="sm">
          {operation === 'Lock'
            ? `Are you sure you want to lock ${record.name}? They will be signed out and cannot sign in to this organization.`
            : `Are you sure you want to unlock ${record.name}?`}
        </Text>
      ),
      labels: { confirm: operation, cancel: 'Cancel' },
      onConfirm: () => void run(),
    });

  return (
    <>
      {canChange && (
        <Menu.Item
          leftSection={operation === 'Lock' ? <IconLock size={14} /> : <IconLockOpen size={14} />}
          onClick={confirm}
        >
          {operation}
        </Menu.Item>
      )}
      {record.id === me?.id && (
        <Menu.Item
          component="a"
          href={`/auth/google/start?returnTo=${encodeURIComponent(`/users/${record.id}/overview`)}`}
          leftSection={<IconBrandGoogle size={14} />}
        >
          Sign in with Google
        </Menu.Item>
      )}
    </>
  );
}
