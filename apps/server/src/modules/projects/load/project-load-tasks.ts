import { projects } from '../../../platform/db/schema/index';
import { registerTaskKind, type TaskOwner } from '../../../platform/jobs/task-kinds';
import { projectsService } from '../projects.service';
import { loadProjectJob, unloadProjectJob } from './project-load.job';

// A project's load and unload are followed by whoever may see the project, as its screen shows that progress.
const projectLoad: TaskOwner = { service: projectsService, taskColumn: projects.loadTaskId };
registerTaskKind(loadProjectJob, { owner: projectLoad });
registerTaskKind(unloadProjectJob, { owner: projectLoad });
