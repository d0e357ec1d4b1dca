import { Menu, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { phone, phoneNumberMessages as words } from '@canvass/domain';
import { IconCircleCheck, IconTrash } from '@tabler/icons-react';
import { useMutation } from 'urql';
import { useSession } from '../../session/session';
import type { ReleaseNumberMutation, ValidatePhoneMutation } from '../../gql/graphql';
import { errorText, notifyFailed, notifySuccess } from '../../ui/notify';
import type { ResourceRecord } from '../../ui/types';
import { RELEASE_NUMBER, VALIDATE_PHONE } from './phone-numbers-operations';

// The phone's status changes: its page and the lists showing it fetch again.
const PHONE_CHANGED = { additionalTypenames: ['Phone'] };

/** A sender (provider-type) number that is not released: the one kind 'Validate Phone' and Release act on. */
export const isLivePurchasedNumber = (record: ResourceRecord) =>
  record.phoneType === 'FromPhone' && record.phoneStatus !== 'Released';

/**
 * A purchased number's kebab items: 'Validate Phone' (spec §4: AwaitingAPIVerify, then the provider is asked) and
 * Release after 'Are you sure you want to release this number?' (spec §8), for those who may change phones.
 */
export function PhoneMenuItems({ record }: { record: ResourceRecord }) {
  const { can } = useSession();
  const [, validate] = useMutation<ValidatePhoneMutation>(VALIDATE_PHONE);
  const [, release] = useMutation<ReleaseNumberMutation>(RELEASE_NUMBER);
  if (!can('Update', phone.typeName) || !isLivePurchasedNumber(record)) return null;
  const phoneId = String(record.id);

  const runValidate = async () => {
    const res = await validate({ phoneId }, PHONE_CHANGED);
    if (res.error) notifyFailed(errorText(res.error), words.error);
    else if (res.data) notifySuccess(res.data.validatePhone.message);
  };
  const askRelease = () =>
    modals.openConfirmModal({
      title: 'Release number',
      children: <Text size="sm">{words.releaseConfirm}</Text>,
      labels: { confirm: 'Release', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void release({ phoneId }, PHONE_CHANGED).then((res) => {
          if (res.error) notifyFailed(errorText(res.error), words.errorReleasing);
          else if (res.data) notifySuccess(res.data.releaseNumber.message);
        }),
    });

  return (
    <>
      <Menu.Item leftSection={<IconCircleCheck size={14} />} onClick={() => void runValidate()}>
        Validate Phone
      </Menu.Item>
      <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={askRelease}>
        Release number
      </Menu.Item>
    </>
  );
}
