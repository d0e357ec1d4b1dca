import { brand, campaign } from '@canvass/domain';
import { childListTab, editTab, overviewTab, type ResourceScreen } from '../ui/screen';

export const brandScreen: ResourceScreen = {
  def: brand,
  tabs: [
    overviewTab(),
    childListTab({ path: 'campaigns', label: 'Campaigns', def: campaign, parentField: 'brandId' }),
    editTab(),
  ],
};
