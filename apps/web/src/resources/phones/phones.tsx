import { phone, textEntry } from '@canvass/domain';
import { lazyNamed } from '../../ui/lazy-component';
import type { ResourceRecord } from '../../ui/types';
import { childListTab, editTab, overviewTab, defineScreen } from '../../ui/screen';
import { isLivePurchasedNumber, PhoneMenuItems } from './phone-menu-items';

// The index with its number lookup, loaded with the first visit like the generic index.
const PhonesIndex = lazyNamed(() => import('./phones-index'), 'PhonesIndex');

/**
 * Spec §2 phones/{id}: its Sent Texts are the texts from it, its Received Texts those to it (a purchased number's
 * replies and inbox texts; a recipient's texts sent to it), each read through the (organization, from/to phone)
 * index, newest first. Add starts a text from (or to) the number.
 */
export const phoneScreen = defineScreen(phone, {
  indexPage: () => <PhonesIndex />,
  // A purchased number's Validate Phone and Release.
  menuItems: (record) =>
    isLivePurchasedNumber(record as ResourceRecord) ? <PhoneMenuItems record={record as ResourceRecord} /> : null,
  tabs: [
    overviewTab(),
    childListTab({ path: 'sent_texts', label: 'Sent Texts', def: textEntry, parentField: 'fromPhoneId' }),
    childListTab({ path: 'received_texts', label: 'Received Texts', def: textEntry, parentField: 'toPhoneId' }),
    editTab(),
  ],
});
