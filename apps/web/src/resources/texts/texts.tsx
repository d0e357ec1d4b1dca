import { textEntry } from '@canvass/domain';
import { lazyNamed } from '../../ui/lazy-component';
import { defineScreen } from '../../ui/screen';
import type { ResourceRecord } from '../../ui/types';
import { TextMenuItems, textSendActions } from './text-menu-items';

// Loaded with the first visit, like the generic pages.
const TextHeader = lazyNamed(() => import('./text-header'), 'TextHeader');
const TextCreatePage = lazyNamed(() => import('./text-forms'), 'TextCreatePage');
const TextEditForm = lazyNamed(() => import('./text-forms'), 'TextEditForm');
const ResourceOverview = lazyNamed(() => import('../../ui/resource-overview'), 'ResourceOverview');

/**
 * Spec §2 texts/{id}: the anchor (status, from, to, project, texter, sent at, body), a kebab with Send and Resend
 * (the test-send dialog), overview and the general edit
 * tab, which is read-only once the text has gone out; the new text form adds 'Save and send'. The same edit form
 * serves /texts/{id}/edit/general.
 */
export const textScreen = defineScreen(textEntry, {
  header: (record) => <TextHeader record={record} />,
  menuItems: (record) => {
    const { send, resend } = textSendActions(record as ResourceRecord);
    return send || resend ? <TextMenuItems record={record as ResourceRecord} /> : null;
  },
  newPage: () => <TextCreatePage />,
  tabs: [
    {
      path: 'overview',
      label: 'Overview',
      render: ({ record }) => <ResourceOverview def={textEntry} record={record} />,
    },
    { path: 'general', label: 'General', render: ({ record }) => <TextEditForm record={record} /> },
  ],
  editSections: [{ path: 'general', label: 'General', render: ({ record }) => <TextEditForm record={record} /> }],
});
