import { graphqlOperation } from '../../session/graphql-request';
import type * as Op from '../../gql/graphql';
import { AUTH_PAYLOAD_FIELDS } from '../../session/current-user-fields';

// Typed by graphql-codegen (src/gql, from schema.graphql): a field renamed in the API fails the typecheck here.

export type AuthConfig = Op.AuthConfigQuery['authConfig'];

/** What every account mutation answers (spec §7 MessagePayload). */
export const MESSAGE_PAYLOAD_FIELDS = /* GraphQL */ `
  fragment MessagePayloadFields on MessagePayload {
    success
    message
    errors {
      field
      messages
    }
  }
`;

export const AuthConfigQuery = graphqlOperation<Op.AuthConfigQuery, Op.AuthConfigQueryVariables>(/* GraphQL */ `
  query AuthConfig {
    authConfig {
      oidcEnabled
      oidcLabel
      signUpEnabled
      googleAuthorizationEnabled
    }
  }
`);

export const IsAdminLoginQuery = graphqlOperation<Op.IsAdminLoginQuery, Op.IsAdminLoginQueryVariables>(/* GraphQL */ `
  query IsAdminLogin($email: String!) {
    isAdminLogin(email: $email) {
      isAdmin
      url
    }
  }
`);

export const SignUpMutation = graphqlOperation<Op.SignUpMutation, Op.SignUpMutationVariables>(/* GraphQL */ `
  mutation SignUp($name: String!, $username: String!, $email: String!, $password: String!) {
    signUp(name: $name, username: $username, email: $email, password: $password) {
      ...MessagePayloadFields
    }
  }
  ${MESSAGE_PAYLOAD_FIELDS}
`);

export const SendResetLinkMutation = graphqlOperation<Op.SendResetLinkMutation, Op.SendResetLinkMutationVariables>(
  /* GraphQL */ `
    mutation SendResetLink($email: String!) {
      sendResetLink(email: $email) {
        ...MessagePayloadFields
      }
    }
    ${MESSAGE_PAYLOAD_FIELDS}
  `,
);

export const ResetPasswordMutation = graphqlOperation<Op.ResetPasswordMutation, Op.ResetPasswordMutationVariables>(
  /* GraphQL */ `
    mutation ResetPassword($uuid: String!, $token: String!, $password: String!, $passwordVerify: String!) {
      resetPassword(uuid: $uuid, token: $token, password: $password, passwordVerify: $passwordVerify) {
        ...MessagePayloadFields
      }
    }
    ${MESSAGE_PAYLOAD_FIELDS}
  `,
);

export const UpdatePasswordMutation = graphqlOperation<Op.UpdatePasswordMutation, Op.UpdatePasswordMutationVariables>(
  /* GraphQL */ `
    mutation UpdatePassword($password: String!, $passwordVerify: String!) {
      updatePassword(password: $password, passwordVerify: $passwordVerify) {
        ...MessagePayloadFields
      }
    }
    ${MESSAGE_PAYLOAD_FIELDS}
  `,
);

export const AcceptInvitationMutation = graphqlOperation<
  Op.AcceptInvitationMutation,
  Op.AcceptInvitationMutationVariables
>(/* GraphQL */ `
  mutation AcceptInvitation($uuid: String!, $token: String!, $password: String!, $passwordVerify: String!) {
    acceptInvitation(uuid: $uuid, token: $token, password: $password, passwordVerify: $passwordVerify) {
      ...AuthPayloadFields
    }
  }
  ${AUTH_PAYLOAD_FIELDS}
`);
