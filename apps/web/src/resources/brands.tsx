import { brand, campaign } from '@canvass/domain';
import { childListTab, editTab, overviewTab, defineScreen } from '../ui/screen';

export const brandScreen = defineScreen(brand, {
  tabs: [
    overviewTab(),
    childListTab({ path: 'campaigns', label: 'Campaigns', def: campaign, parentField: 'brandId' }),
    editTab(),
  ],
});
