import { campaign } from '@canvass/domain';
import { editTab, laterTab, overviewTab, type ResourceScreen } from '../ui/screen';

export const campaignScreen: ResourceScreen = {
  def: campaign,
  // Spec §2: a campaign is deleted from the menu.
  deleteIn: 'menu',
  tabs: [
    overviewTab(),
    laterTab('phones', 'Phones', 'Purchased numbers will appear here once phones are available'),
    editTab(),
  ],
};
