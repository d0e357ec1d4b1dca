import { resourceDocuments, type ResourceDef, type ResourceDocuments } from '@canvass/domain';

// Built once per resource: urql keys its cache by document text, and rebuilding strings every render is waste.
const cache = new WeakMap<ResourceDef, ResourceDocuments>();

export function documentsFor(def: ResourceDef): ResourceDocuments {
  let docs = cache.get(def);
  if (!docs) {
    docs = resourceDocuments(def);
    cache.set(def, docs);
  }
  return docs;
}

const TASK_FIELDS = 'id status processed total errorMessage downloadUrl filename';

export const EXPORT_CSV = `mutation ExportCsv($query: String!, $variables: JSON) {
  exportCsv(query: $query, variables: $variables) { message task { ${TASK_FIELDS} } }
}`;

export const BACKGROUND_TASK = `query BackgroundTask($id: ID!) { backgroundTask(id: $id) { ${TASK_FIELDS} } }`;

export const BACKGROUND_TASK_CHANGED = `subscription BackgroundTaskChanged($id: ID!) {
  backgroundTaskChanged(id: $id) { ${TASK_FIELDS} }
}`;

export interface BackgroundTask {
  id: string;
  status: 'Queued' | 'Running' | 'Done' | 'Failed';
  processed: number;
  total: number | null;
  errorMessage: string | null;
  downloadUrl: string | null;
  filename: string | null;
}
