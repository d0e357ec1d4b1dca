import { project, projectTeam, projectTexter } from '@canvass/domain';
import { Navigate } from 'react-router';
import { lazyNamed } from '../app/lazy-component';
import { childListTab, defineScreen, laterTab, overviewTab, type ResourceTab } from '../ui/screen';

// Everything particular to projects loads with the first visit to a project: the dashboard does not carry it.
const ProjectControls = lazyNamed(() => import('./projects/ProjectControls'), 'ProjectControls');
const ProjectTextsTab = lazyNamed(() => import('./projects/ProjectTextsTab'), 'ProjectTextsTab');
const ProjectSectionNav = lazyNamed(() => import('./projects/ProjectSectionNav'), 'ProjectSectionNav');
const ProjectEditTab = lazyNamed(() => import('./projects/ProjectEditTab'), 'ProjectEditTab');

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
  controls: (record) => <ProjectControls record={record} />,
  sectionExtra: (section, record) => <ProjectSectionNav projectId={record.id} current={section} />,
  tabs: [
    overviewTab(),
    childListTab({ path: 'teams', label: 'Teams', def: projectTeam, parentField: 'projectId' }),
    childListTab({ path: 'project_texters', label: 'Texters', def: projectTexter, parentField: 'projectId' }),
    textsTab('texts', 'Texts'),
    textsTab('test_texts', 'Test Texts', ['Test']),
    textsTab('seed_texts', 'Seed Texts', ['Seed']),
    laterTab('insights', 'Insights', "This project's sending insights will appear here once its texts are loaded"),
    laterTab('duplicate_phones', 'Duplicate Phones', 'Duplicate phones found by the load will appear here'),
    laterTab('invalid_phones', 'Invalid Phones', 'Invalid phones found by the load will appear here'),
    laterTab('opt_out_phones', 'Opt Out Phones', 'Opted-out phones left out by the load will appear here'),
    laterTab('prices', 'Prices', "This project's own prices will appear here once prices are available"),
    laterTab(
      'discussions',
      'Discussions',
      'Discussions of this project will appear here once discussions are available',
    ),
    {
      path: 'basic-info',
      label: 'Edit',
      render: ({ record }) => <ProjectEditTab record={record} />,
    },
  ],
});
