// Typed by graphql-codegen (src/gql, from schema.graphql): a field renamed in the API fails the typecheck here.
import { gql } from 'urql';
import { AUTH_PAYLOAD_FIELDS, CURRENT_USER_FIELDS } from './current-user-fields';
import type {
  CurrentUserQuery as CurrentUserResult,
  CurrentUserQueryVariables,
  LoginMutation as LoginResult,
  LoginMutationVariables,
  LogoutMutation as LogoutResult,
  LogoutMutationVariables,
  SwitchOrganizationMutation as SwitchOrganizationResult,
  SwitchOrganizationMutationVariables,
} from '../gql/graphql';

export const LoginMutation = gql<LoginResult, LoginMutationVariables>`
  mutation Login($email: String!, $password: String!) {
    login(email: $email, password: $password) {
      ...AuthPayloadFields
    }
  }
  ${AUTH_PAYLOAD_FIELDS}
`;

export const LogoutMutation = gql<LogoutResult, LogoutMutationVariables>`
  mutation Logout {
    logout
  }
`;

export const SwitchOrganizationMutation = gql<SwitchOrganizationResult, SwitchOrganizationMutationVariables>`
  mutation SwitchOrganization($organizationId: ID!) {
    switchOrganization(organizationId: $organizationId) {
      ...AuthPayloadFields
    }
  }
  ${AUTH_PAYLOAD_FIELDS}
`;

export const CurrentUserQuery = gql<CurrentUserResult, CurrentUserQueryVariables>`
  query CurrentUser {
    currentUser {
      ...CurrentUserFields
    }
  }
  ${CURRENT_USER_FIELDS}
`;
