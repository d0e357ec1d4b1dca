import { graphqlOperation } from './graphql-request';
import { AUTH_PAYLOAD_FIELDS, CURRENT_USER_FIELDS } from './current-user-fields';
import type { AuthPayload, CurrentUser } from './session-types';

export const LoginMutation = graphqlOperation<{ login: AuthPayload }, { email: string; password: string }>(`
  mutation Login($email: String!, $password: String!) {
    login(email: $email, password: $password) {
      ...AuthPayloadFields
    }
  }
  ${AUTH_PAYLOAD_FIELDS}
`);

export const LogoutMutation = graphqlOperation<{ logout: boolean }, Record<string, never>>(`
  mutation Logout {
    logout
  }
`);

export const SwitchOrganizationMutation = graphqlOperation<
  { switchOrganization: AuthPayload },
  { organizationId: string }
>(`
  mutation SwitchOrganization($organizationId: ID!) {
    switchOrganization(organizationId: $organizationId) {
      ...AuthPayloadFields
    }
  }
  ${AUTH_PAYLOAD_FIELDS}
`);

export const CurrentUserQuery = graphqlOperation<{ currentUser: CurrentUser | null }, Record<string, never>>(`
  query CurrentUser {
    currentUser {
      ...CurrentUserFields
    }
  }
  ${CURRENT_USER_FIELDS}
`);
