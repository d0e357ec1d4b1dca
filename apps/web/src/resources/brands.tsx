import { brand, campaign } from '@canvass/domain';
import { Suspense } from 'react';
import { lazyNamed } from '../ui/lazy-component';
import { childListTab, editTab, overviewTab, defineScreen } from '../ui/screen';

// Loaded with the first visit to a brand's overview, like the generic screens.
const ProviderCapabilityList = lazyNamed(
  () => import('./providers/provider-capability-list'),
  'ProviderCapabilityList',
);

export const brandScreen = defineScreen(brand, {
  tabs: [
    // What the brand's provider can do: a capability it lacks shows as Unavailable, never faked.
    overviewTab((record) =>
      record.provider ? (
        <Suspense fallback={null}>
          <ProviderCapabilityList provider={record.provider} />
        </Suspense>
      ) : null,
    ),
    childListTab({ path: 'campaigns', label: 'Campaigns', def: campaign, parentField: 'brandId' }),
    editTab(),
  ],
});
