import type { Operation, RoleName } from '@canvass/domain';

/** The shapes of the contract's session types (see the GraphQL contract: CurrentUser, AuthPayload …). */
export interface Organization {
  id: string;
  name: string;
  domain: string;
  timeZone: string;
}

export interface UserRestriction {
  resource: string;
  operations: Operation[];
}

export interface CurrentUser {
  id: string;
  name: string;
  email: string;
  username: string | null;
  role: RoleName;
  isAdmin: boolean;
  currentOrganization: Organization;
  organizations: Organization[];
  restrictions: UserRestriction[];
  hasRefreshToken: boolean;
  googleEmailAddress: string | null;
  clientId: string | null;
  teamId: string | null;
  mediaUrl: string | null;
}

export interface AuthPayload {
  accessToken: string | null;
  expiresIn: number | null;
  user: CurrentUser | null;
  message: string | null;
}

/** One entry of the server's errors map keyed by field. */
export interface FieldError {
  field: string;
  messages: string[];
}

export interface MessagePayload {
  success: boolean;
  message: string | null;
  errors: FieldError[];
}
