import { collection } from '@canvass/domain';
import { defineScreen, editTab, overviewTab } from '../ui/screen';

/** Spec §2 collections/{id}: overview and general; a deleted collection returns to the organization's collections. */
export const collectionScreen = defineScreen(collection, {
  afterDeletePath: '/organization/collections',
  tabs: [overviewTab(), editTab()],
});
