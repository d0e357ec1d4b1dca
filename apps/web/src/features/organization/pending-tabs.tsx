import { EmptyTab } from '../../ui/EmptyTab';

/** The organization's users tab, until the users screens land (issue 12 §1). */
export function OrganizationUsersTab() {
  return <EmptyTab title="Users" message="The organization's users will appear here once the users screens land" />;
}
