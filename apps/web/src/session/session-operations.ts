// Typed by graphql-codegen (src/gql, from schema.graphql): a field renamed in the API fails the typecheck here.
// The /* GraphQL */ marks are how codegen finds these documents; they are sent as plain text (graphql-request.ts).
import { graphqlOperation } from './graphql-request';
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

export const LoginMutation = graphqlOperation<LoginResult, LoginMutationVariables>(/* GraphQL */ `
  mutation Login($email: String!, $password: String!) {
    login(email: $email, password: $password) {
      ...AuthPayloadFields
    }
  }
  ${AUTH_PAYLOAD_FIELDS}
`);

export const LogoutMutation = graphqlOperation<LogoutResult, LogoutMutationVariables>(/* GraphQL */ `
  mutation Logout {
    logout
  }
`);

export const SwitchOrganizationMutation = graphqlOperation<
  SwitchOrganizationResult,
  SwitchOrganizationMutationVariables
>(/* GraphQL */ `
  mutation SwitchOrganization($organizationId: ID!) {
    switchOrganization(organizationId: $organizationId) {
      ...AuthPayloadFields
    }
  }
  ${AUTH_PAYLOAD_FIELDS}
`);

export const CurrentUserQuery = graphqlOperation<CurrentUserResult, CurrentUserQueryVariables>(/* GraphQL */ `
  query CurrentUser {
    currentUser {
      ...CurrentUserFields
    }
  }
  ${CURRENT_USER_FIELDS}
`);
