import { gql } from 'urql';
import { AUTH_PAYLOAD_FIELDS, CURRENT_USER_FIELDS } from './current-user-fields';
import type { AuthPayload, CurrentUser } from './session-types';

export const LoginMutation = gql<{ login: AuthPayload }, { email: string; password: string }>`
  mutation Login($email: String!, $password: String!) {
    login(email: $email, password: $password) {
      ...AuthPayloadFields
    }
  }
  ${AUTH_PAYLOAD_FIELDS}
`;

export const LogoutMutation = gql<{ logout: boolean }, Record<string, never>>`
  mutation Logout {
    logout
  }
`;

export const SwitchOrganizationMutation = gql<{ switchOrganization: AuthPayload }, { organizationId: string }>`
  mutation SwitchOrganization($organizationId: ID!) {
    switchOrganization(organizationId: $organizationId) {
      ...AuthPayloadFields
    }
  }
  ${AUTH_PAYLOAD_FIELDS}
`;

export const CurrentUserQuery = gql<{ currentUser: CurrentUser | null }, Record<string, never>>`
  query CurrentUser {
    currentUser {
      ...CurrentUserFields
    }
  }
  ${CURRENT_USER_FIELDS}
`;
