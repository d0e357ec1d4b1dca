import { optOut } from '@canvass/domain';
import { lazyNamed } from '../../ui/lazy-component';
import { defineScreen, overviewTab } from '../../ui/screen';

// Loaded with the first visit, like the generic pages.
const OptOutCreatePage = lazyNamed(() => import('./opt-out-create-page'), 'OptOutCreatePage');
const OptOutHistory = lazyNamed(() => import('./opt-out-history'), 'OptOutHistory');
const RemoveOptOutButton = lazyNamed(() => import('./remove-opt-out-button'), 'RemoveOptOutButton');

/**
 * Opt-outs are read-only to the generic screens: added with their own form (a number typed or picked), removed with
 * a reason, and their overview shows the audited history.
 */
export const optOutScreen = defineScreen(optOut, {
  tabs: [overviewTab((record) => <OptOutHistory optOutId={record.id} />)],
  header: (record) => <RemoveOptOutButton record={record} />,
  newPage: () => <OptOutCreatePage />,
});
