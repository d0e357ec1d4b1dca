import { graphqlOperation } from '../../app/graphql-request';
import type { MessagePayload } from '../../app/session-types';

export interface AuthConfig {
  oidcEnabled: boolean;
  oidcLabel: string | null;
  signUpEnabled: boolean;
}

const MESSAGE_PAYLOAD = `success message errors { field messages }`;

export const AuthConfigQuery = graphqlOperation<{ authConfig: AuthConfig }, Record<string, never>>(`
  query AuthConfig {
    authConfig {
      oidcEnabled
      oidcLabel
      signUpEnabled
    }
  }
`);

export const IsAdminLoginQuery = graphqlOperation<
  { isAdminLogin: { isAdmin: boolean; url: string | null } },
  { email: string }
>(`
  query IsAdminLogin($email: String!) {
    isAdminLogin(email: $email) {
      isAdmin
      url
    }
  }
`);

export const SignUpMutation = graphqlOperation<
  { signUp: MessagePayload },
  { name: string; username: string; email: string; password: string }
>(`
  mutation SignUp($name: String!, $username: String!, $email: String!, $password: String!) {
    signUp(name: $name, username: $username, email: $email, password: $password) { ${MESSAGE_PAYLOAD} }
  }
`);

export const SendResetLinkMutation = graphqlOperation<{ sendResetLink: MessagePayload }, { email: string }>(`
  mutation SendResetLink($email: String!) {
    sendResetLink(email: $email) { ${MESSAGE_PAYLOAD} }
  }
`);

export const ResetPasswordMutation = graphqlOperation<
  { resetPassword: MessagePayload },
  { uuid: string; token: string; password: string; passwordVerify: string }
>(`
  mutation ResetPassword($uuid: String!, $token: String!, $password: String!, $passwordVerify: String!) {
    resetPassword(uuid: $uuid, token: $token, password: $password, passwordVerify: $passwordVerify) {
      ${MESSAGE_PAYLOAD}
    }
  }
`);

export const UpdatePasswordMutation = graphqlOperation<
  { updatePassword: MessagePayload },
  { password: string; passwordVerify: string }
>(`
  mutation UpdatePassword($password: String!, $passwordVerify: String!) {
    updatePassword(password: $password, passwordVerify: $passwordVerify) { ${MESSAGE_PAYLOAD} }
  }
`);
