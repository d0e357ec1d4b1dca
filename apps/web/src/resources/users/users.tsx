import { Text } from '@mantine/core';
import { textEntry, user } from '@canvass/domain';
import { lazyNamed } from '../../ui/lazy-component';
import { useSession } from '../../session/session';
import type { FieldInputs } from '../../ui/resource-form';
import { childListTab, defineScreen, editTab, laterTab } from '../../ui/screen';
import { DataViewsInput, DataViewsList } from './data-views-input';
import { UserMenuItems } from './user-menu-items';
import { UserTypeInput } from './user-type-input';

// Loaded with the first visit, as every generic screen (routes.tsx): the console's first screen does not carry them.
const ResourceIndex = lazyNamed(() => import('../../ui/resource-index'), 'ResourceIndex');
const ResourceCreatePage = lazyNamed(() => import('../../ui/resource-create-page'), 'ResourceCreatePage');
const ResourceOverview = lazyNamed(() => import('../../ui/resource-overview'), 'ResourceOverview');

/** The user form's own inputs: the types this viewer may give, and data views as one select of clients. */
export const userInputs: FieldInputs = {
  userType: (props) => <UserTypeInput {...props} />,
  clientUserViews: (props) => <DataViewsInput {...props} />,
};

/** Spec §6: a Client-type user sees other users' names as plain text instead of links. */
export function UsersIndex() {
  const { user: me } = useSession();
  return <ResourceIndex def={user} linksRecords={me?.role !== 'Client'} />;
}

/** The overview's fields: all but the data views, which are named below them rather than shown as client ids. */
const { clientUserViews: _views, ...overviewFields } = user.fields;
const overviewDef = { ...user, fields: overviewFields };

export const userScreen = defineScreen(user, {
  afterDeletePath: '/users',
  deleteIn: 'menu',
  inputs: userInputs,
  indexPage: () => <UsersIndex />,
  newPage: () => <ResourceCreatePage def={user} inputs={userInputs} />,
  menuItems: (record) => <UserMenuItems record={record} />,
  tabs: [
    {
      path: 'overview',
      label: 'Overview',
      render: ({ record }) => (
        <ResourceOverview def={overviewDef} record={record}>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {user.fields.clientUserViews.label}
            </Text>
            <DataViewsList rows={record.clientUserViews} />
          </div>
        </ResourceOverview>
      ),
    },
    // The texts the user is the texter of, through the (organization, texter, status) index.
    childListTab({ path: 'texts', label: 'Texts', def: textEntry, parentField: 'texterId' }),
    laterTab('projects', 'Projects', "This user's projects will appear here once projects are available"),
    editTab({ sections: ['general'], inputs: userInputs }),
    editTab({ path: 'data-views', label: 'Data Views', sections: ['data-views'], inputs: userInputs }),
  ],
});
