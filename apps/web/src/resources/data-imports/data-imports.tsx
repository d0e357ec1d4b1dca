import { dataImport, dataImportTemplate } from '@canvass/domain';
import { lazyNamed } from '../../ui/lazy-component';
import { defineScreen, editTab, overviewTab } from '../../ui/screen';
import { changeable } from './run-status';

const DataImportCreatePage = lazyNamed(() => import('./data-import-create-page'), 'DataImportCreatePage');
const DataImportRun = lazyNamed(() => import('./data-import-run'), 'DataImportRun');
const MappingInput = lazyNamed(() => import('./mapping-input'), 'MappingInput');

/**
 * A data import starts from a file (its own new page); its overview follows the run and offers the rejected rows.
 * Its edit form maps the columns of its file field by field while it can still be changed (spec §2,
 * data_import/{id}/edit); once running or done, what it was imported with stays as it is.
 */
export const dataImportScreen = defineScreen(dataImport, {
  tabs: [
    overviewTab((record) => <DataImportRun id={String(record.id)} />),
    editTab({
      path: 'edit',
      label: 'Edit',
      inputs: { mapping: (props) => (changeable(props.record.status) ? <MappingInput {...props} /> : null) },
    }),
  ],
  newPage: () => <DataImportCreatePage />,
});

/** Spec §2: a template's form is at data_import_template/{id}/edit; its mapping is chosen field by field. */
export const dataImportTemplateScreen = defineScreen(dataImportTemplate, {
  tabs: [
    overviewTab(),
    editTab({ path: 'edit', label: 'Edit', inputs: { mapping: (props) => <MappingInput {...props} /> } }),
  ],
});
