import { project, projectTeam, projectTexter, type ChildrenField } from '@canvass/domain';
import { Navigate } from 'react-router';
import { lazyNamed } from '../../ui/lazy-component';
import type { FieldInputProps } from '../../ui/form/input-props';
import type { FieldInputs } from '../../ui/resource-form';
import { listFiltersTab } from '../list-filters/list-filters-tab';
import { childListTab, defineScreen, laterTab, overviewTab, type ResourceTab } from '../../ui/screen';

// Everything particular to projects loads with the first visit to a project: the dashboard does not carry it.
const ProjectControls = lazyNamed(() => import('./project-controls'), 'ProjectControls');
const ProjectWaitsHeader = lazyNamed(() => import('./project-waits'), 'ProjectWaitsHeader');
const ProjectTextsTab = lazyNamed(() => import('./project-texts-tab'), 'ProjectTextsTab');
const ProjectSectionNav = lazyNamed(() => import('./project-section-nav'), 'ProjectSectionNav');
const ProjectEditTab = lazyNamed(() => import('./project-edit-tab'), 'ProjectEditTab');
const ProjectOverviewExtra = lazyNamed(() => import('./project-overview-extra'), 'ProjectOverviewExtra');
const ProjectInsightsTab = lazyNamed(() => import('./project-insights-tab'), 'ProjectInsightsTab');
const ExcludedPhonesTab = lazyNamed(() => import('./excluded-phones-tab'), 'ExcludedPhonesTab');
const ProjectPricesTab = lazyNamed(() => import('./project-prices-tab'), 'ProjectPricesTab');
const ProjectPricesEdit = lazyNamed(() => import('./project-prices-edit'), 'ProjectPricesEdit');

const StatusInput = lazyNamed(() => import('./project-inputs'), 'StatusInput');
const DeliveryTypeInput = lazyNamed(() => import('./project-inputs'), 'DeliveryTypeInput');
const SenderPhonesInput = lazyNamed(() => import('./project-inputs'), 'SenderPhonesInput');
const TeamsInput = lazyNamed(() => import('./project-inputs'), 'TeamsInput');
const TextersInput = lazyNamed(() => import('./project-inputs'), 'TextersInput');
const ProjectMediaInput = lazyNamed(() => import('./project-inputs'), 'ProjectMediaInput');

/** The project's own inputs in its edit sections (loaded with the first edit); every other field is the registry's. */
export const projectInputs: FieldInputs = {
  projectStatus: (props: FieldInputProps) => <StatusInput {...props} />,
  deliveryType: (props: FieldInputProps) => <DeliveryTypeInput {...props} />,
  projectPhones: (props: FieldInputProps) => <SenderPhonesInput {...(props as FieldInputProps<ChildrenField>)} />,
  projectTeams: (props: FieldInputProps) => <TeamsInput {...(props as FieldInputProps<ChildrenField>)} />,
  projectTexters: (props: FieldInputProps) => <TextersInput {...(props as FieldInputProps<ChildrenField>)} />,
  // The media with its position: the file is uploaded on its own route (spec §5), the position saved with the form.
  mediaPosition: (props: FieldInputProps) => <ProjectMediaInput {...props} />,
};

const excludedTab = (path: string, label: string, tab: 'duplicates' | 'invalids' | 'optOuts'): ResourceTab => ({
  path,
  label,
  render: ({ record }) => <ExcludedPhonesTab projectId={record.id} tab={tab} title={label} />,
});

const textsTab = (path: string, label: string, types?: readonly ('Test' | 'Seed')[]): ResourceTab => ({
  path,
  label,
  render: ({ record }) => <ProjectTextsTab projectId={record.id} title={label} types={types} />,
});

/**
 * Spec §2 projects/{id}: the anchor with the lifecycle's badge and actions, the tabs of the projects row, and the edit
 * sections Basic Info, Sender, Schedule, Texters, Filters and Prices (under the 'basic-info' tab and /edit/{section}).
 * A new project is built in the stepper.
 */
export const projectScreen = defineScreen(project, {
  afterDeletePath: '/projects',
  newPage: () => <Navigate to="/projects/stepper" replace />,
  inputs: projectInputs,
  controls: (record) => <ProjectControls record={record} />,
  // What a loaded, sent or live project's texts wait for, under its name on every tab (issue 35 §1).
  header: (record) => <ProjectWaitsHeader projectId={record.id} />,
  // The Prices section is the pricing type and the project's own price rows (h-prices' section), one page.
  editSections: [{ path: 'prices', label: 'Prices', render: ({ record }) => <ProjectPricesEdit record={record} /> }],
  sectionNav: (section, record) => <ProjectSectionNav projectId={record.id} current={section} />,
  tabs: [
    // Its phones, teams and texters are ids in their rows: the Teams and Texters tabs and the Summaries' sender numbers
    // name them.
    overviewTab((record) => <ProjectOverviewExtra record={record} />, {
      omit: ['projectPhones', 'projectTeams', 'projectTexters'],
    }),
    childListTab({ path: 'teams', label: 'Teams', def: projectTeam, parentField: 'projectId' }),
    childListTab({ path: 'project_texters', label: 'Texters', def: projectTexter, parentField: 'projectId' }),
    textsTab('texts', 'Texts'),
    textsTab('test_texts', 'Test Texts', ['Test']),
    textsTab('seed_texts', 'Seed Texts', ['Seed']),
    { path: 'insights', label: 'Insights', render: ({ record }) => <ProjectInsightsTab record={record} /> },
    excludedTab('duplicate_phones', 'Duplicate Phones', 'duplicates'),
    excludedTab('invalid_phones', 'Invalid Phones', 'invalids'),
    excludedTab('opt_out_phones', 'Opt Out Phones', 'optOuts'),
    listFiltersTab('project'),
    { path: 'prices', label: 'Prices', render: ({ record }) => <ProjectPricesTab record={record} /> },
    laterTab(
      'discussions',
      'Discussions',
      'Discussions of this project will appear here once discussions are available',
    ),
    {
      path: 'basic-info',
      label: 'Edit',
      render: ({ record }) => <ProjectEditTab record={record} inputs={projectInputs} />,
    },
  ],
});
