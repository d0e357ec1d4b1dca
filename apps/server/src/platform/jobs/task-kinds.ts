import { messages } from '@canvass/domain';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ResourceService } from '../resources/resource-service';
import type { BackgroundTask } from './background-tasks';
import type { JobContract } from './registry';

/** The record a task works on, and its column that names the task (a list's load_task_id). */
export interface TaskOwner {
  service: ResourceService;
  taskColumn: PgColumn;
}

/** What the API says of one kind of task besides its row; each module registers its own kinds. */
export interface TaskKind {
  /**
   * The record whose progress the task is: anyone who may see the record (its resource's own policy, as its screen
   * reads it) may follow the task it names. Without one a task is its starter's alone: an export's file may hold
   * clients' data another user may not see.
   */
  owner?: TaskOwner;
  /** What a user reads of a failed task; the cause stays in the log and the task row. Default: messages.failed. */
  failedMessage?: (task: BackgroundTask) => string;
}

// Filled when the modules are imported (as the schema builder is), read only while answering requests.
const kinds = new Map<string, TaskKind>();

export function registerTaskKind(job: Pick<JobContract, 'name'>, kind: TaskKind): void {
  kinds.set(job.name, kind);
}

/** The kinds of each owner together, so a record with two kinds of task (a project's load and unload) is one test. */
export function taskKindsByOwner(): Map<TaskOwner, string[]> {
  const found = new Map<TaskOwner, string[]>();
  for (const [name, { owner }] of kinds) if (owner) found.set(owner, [...(found.get(owner) ?? []), name]);
  return found;
}

export function failedTaskMessage(task: BackgroundTask): string {
  return kinds.get(task.kind)?.failedMessage?.(task) ?? messages.failed;
}
