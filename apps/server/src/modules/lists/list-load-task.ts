import { lists } from '../../platform/db/schema/index';
import { registerTaskKind } from '../../platform/jobs/task-kinds';
import { loadListJob } from './lists.job';
import { listsService } from './lists.service';

// A list's load is followed by whoever may see the list, as the list's screen shows that progress.
registerTaskKind(loadListJob, { owner: { service: listsService, taskColumn: lists.loadTaskId } });
