import { team } from '@canvass/domain';
import { lazyNamed } from '../../ui/lazy-component';
import { defineScreen, editTab, laterTab, overviewTab } from '../../ui/screen';

// Loaded with the first visit to the tab, like the generic screens.
const TeamMembersTab = lazyNamed(() => import('./team-members-tab'), 'TeamMembersTab');
const TeamTextsTab = lazyNamed(() => import('./team-texts-tab'), 'TeamTextsTab');

/**
 * Spec §2 teams/{id}: overview, users (members and leads), projects, texts, and the general edit section. The tab
 * whose path is `texts` reads 'Projects' and the one whose path is `projects` reads 'Texts': swapped, as the spec
 * says, so links into those paths keep working when the capabilities land.
 */
export const teamScreen = defineScreen(team, {
  afterDeletePath: '/teams',
  tabs: [
    overviewTab(),
    { path: 'users', label: 'Users', render: ({ record }) => <TeamMembersTab record={record} /> },
    { path: 'projects', label: 'Texts', render: ({ record }) => <TeamTextsTab teamId={record.id} title="Texts" /> },
    laterTab('texts', 'Projects', "This team's projects will appear here once projects are available"),
    editTab(),
  ],
});
