import { dataImport, dataImportTemplate } from '@canvass/domain';
import { lazyNamed } from '../app/lazy-component';
import { defineScreen, editTab, overviewTab } from '../ui/screen';

const DataImportCreatePage = lazyNamed(() => import('./data-imports/DataImportCreatePage'), 'DataImportCreatePage');
const DataImportRun = lazyNamed(() => import('./data-imports/DataImportRun'), 'DataImportRun');
const TemplateMappingInput = lazyNamed(() => import('./data-imports/TemplateMappingInput'), 'TemplateMappingInput');

/** A data import starts from a file (its own new page); its overview follows the run and offers the rejected rows. */
export const dataImportScreen = defineScreen(dataImport, {
  tabs: [overviewTab((record) => <DataImportRun id={String(record.id)} />), editTab({ path: 'edit', label: 'Edit' })],
  newPage: () => <DataImportCreatePage />,
});

/** Spec §2: a template's form is at data_import_template/{id}/edit; its mapping is chosen field by field. */
export const dataImportTemplateScreen = defineScreen(dataImportTemplate, {
  tabs: [
    overviewTab(),
    editTab({ path: 'edit', label: 'Edit', inputs: { mapping: (props) => <TemplateMappingInput {...props} /> } }),
  ],
});
