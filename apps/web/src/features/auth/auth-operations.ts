import { gql } from 'urql';
import type * as Op from '../../gql/graphql';

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

export const AuthConfigQuery = gql<Op.AuthConfigQuery, Op.AuthConfigQueryVariables>`
  query AuthConfig {
    authConfig {
      oidcEnabled
      oidcLabel
      signUpEnabled
    }
  }
`;

export const IsAdminLoginQuery = gql<Op.IsAdminLoginQuery, Op.IsAdminLoginQueryVariables>`
  query IsAdminLogin($email: String!) {
    isAdminLogin(email: $email) {
      isAdmin
      url
    }
  }
`;

export const SignUpMutation = gql<Op.SignUpMutation, Op.SignUpMutationVariables>`
  mutation SignUp($name: String!, $username: String!, $email: String!, $password: String!) {
    signUp(name: $name, username: $username, email: $email, password: $password) {
      ...MessagePayloadFields
    }
  }
  ${MESSAGE_PAYLOAD_FIELDS}
`;

export const SendResetLinkMutation = gql<Op.SendResetLinkMutation, Op.SendResetLinkMutationVariables>`
  mutation SendResetLink($email: String!) {
    sendResetLink(email: $email) {
      ...MessagePayloadFields
    }
  }
  ${MESSAGE_PAYLOAD_FIELDS}
`;

export const ResetPasswordMutation = gql<Op.ResetPasswordMutation, Op.ResetPasswordMutationVariables>`
  mutation ResetPassword($uuid: String!, $token: String!, $password: String!, $passwordVerify: String!) {
    resetPassword(uuid: $uuid, token: $token, password: $password, passwordVerify: $passwordVerify) {
      ...MessagePayloadFields
    }
  }
  ${MESSAGE_PAYLOAD_FIELDS}
`;

export const UpdatePasswordMutation = gql<Op.UpdatePasswordMutation, Op.UpdatePasswordMutationVariables>`
  mutation UpdatePassword($password: String!, $passwordVerify: String!) {
    updatePassword(password: $password, passwordVerify: $passwordVerify) {
      ...MessagePayloadFields
    }
  }
  ${MESSAGE_PAYLOAD_FIELDS}
`;
