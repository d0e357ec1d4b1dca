import { phone } from '@canvass/domain';
import { editTab, laterTab, overviewTab, defineScreen } from '../ui/screen';

export const phoneScreen = defineScreen(phone, {
  tabs: [
    overviewTab(),
    laterTab('sent_texts', 'Sent Texts', 'Texts sent from this number will appear here once sending is available'),
    laterTab(
      'received_texts',
      'Received Texts',
      'Texts received by this number will appear here once sending is available',
    ),
    editTab(),
  ],
});
