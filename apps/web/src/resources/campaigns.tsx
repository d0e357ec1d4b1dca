import { campaign, phone } from '@canvass/domain';
import { childListTab, editTab, overviewTab, defineScreen } from '../ui/screen';

export const campaignScreen = defineScreen(campaign, {
  // Spec §2: a campaign is deleted from the menu.
  deleteIn: 'menu',
  tabs: [
    overviewTab(),
    childListTab({ path: 'phones', label: 'Phones', def: phone, parentField: 'campaignId' }),
    editTab(),
  ],
});
