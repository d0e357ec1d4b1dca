import { Anchor, Text } from '@mantine/core';
import { client, optOut, phone, project, type RecordOf } from '@canvass/domain';
import { lazyNamed } from '../ui/lazy-component';
import { childListTab, defineScreen, editTab, laterTab, overviewTab } from '../ui/screen';
import { listFiltersTab } from './list-filters/list-filters-tab';
import { BuyPhonesButton } from './phones/buy-phones-button';

const ClientPrices = lazyNamed(() => import('../features/prices/client-prices'), 'ClientPrices');

/** Spec §2: the client overview links to its public opt-in page when it has a slug. */
function OptInLink({ record }: { record: RecordOf<typeof client> }) {
  if (!record.slug) return null;
  const href = `/${record.slug}/opt-in`;
  return (
    <Text size="sm">
      Opt-in page:{' '}
      <Anchor href={href} target="_blank" rel="noreferrer">
        {href}
      </Anchor>
    </Text>
  );
}

export const clientScreen = defineScreen(client, {
  afterDeletePath: '/clients',
  tabs: [
    overviewTab((record) => <OptInLink record={record} />),
    childListTab({
      path: 'clients',
      label: 'Clients',
      def: client,
      parentField: 'agencyId',
      visible: (record) => record.clientType === 'Agency',
    }),
    childListTab({ path: 'projects', label: 'Projects', def: project, parentField: 'clientId' }),
    listFiltersTab(),
    childListTab({
      path: 'contact_phones',
      label: 'Contact Phones',
      def: phone,
      parentField: 'clientId',
      fixed: { phoneType: 'ClientPhone' },
    }),
    childListTab({
      path: 'purchased_numbers',
      label: 'Purchased Numbers',
      def: phone,
      parentField: 'clientId',
      fixed: { phoneType: 'FromPhone' },
      actions: (record) => <BuyPhonesButton clientId={String(record.id)} />,
    }),
    childListTab({ path: 'opt_outs', label: 'Opt Outs', def: optOut, parentField: 'clientId', addable: true }),
    laterTab(
      'discussions',
      'Discussions',
      'Discussions of this client will appear here once discussions are available',
    ),
    // Spec §2 edit sections: the registry's (General, Opt In, Opt Out, Phone Numbers), then Prices, its own form.
    editTab({ extra: (record) => <ClientPrices record={record} /> }),
  ],
  editSections: [{ path: 'prices', label: 'Prices', render: ({ record }) => <ClientPrices record={record} /> }],
});
