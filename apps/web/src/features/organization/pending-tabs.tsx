import { EmptyTab } from '../../ui/EmptyTab';

/**
 * The organization tabs whose lists other branches of issue 12 build (users, teams and collections, do-not-contact
 * numbers). Each is one component, so merging those branches replaces one line of organization-tabs.tsx.
 */
export function OrganizationUsersTab() {
  return <EmptyTab title="Users" message="The organization's users will appear here once the users screens land" />;
}

/** The do-not-contact tab and the Do Not Contact edit section alike. */
export function OrganizationDoNotContactTab() {
  return (
    <EmptyTab
      title="Do Not Contact"
      message="The organization's do-not-contact numbers will appear here once the do-not-contact screens land"
    />
  );
}
