import { Button, Loader } from '@mantine/core';
import { modals } from '@mantine/modals';
import { phone } from '@canvass/domain';
import { IconShoppingCart } from '@tabler/icons-react';
import { Suspense } from 'react';
import { lazyNamed } from '../../ui/lazy-component';
import { useSession } from '../../session/session';

const BuyPhonesDialog = lazyNamed(() => import('./buy-phones-dialog'), 'BuyPhonesDialog');

/** 'Buy Phones' beside a purchased-numbers list (a client's, the organization's), for those who may add phones. */
export function BuyPhonesButton({ clientId }: { clientId?: string }) {
  const { can } = useSession();
  if (!can('Create', phone.typeName)) return null;
  const open = () => {
    const id = modals.open({
      title: 'Buy Phones',
      size: 'lg',
      children: (
        <Suspense fallback={<Loader size="sm" />}>
          <BuyPhonesDialog clientId={clientId} onDone={() => modals.close(id)} />
        </Suspense>
      ),
    });
  };
  return (
    <Button variant="default" leftSection={<IconShoppingCart size={16} />} onClick={open}>
      Buy Phones
    </Button>
  );
}
