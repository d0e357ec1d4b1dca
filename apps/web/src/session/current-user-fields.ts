/**
 * Every place that reads the signed-in user asks for the same fields, so the session always holds one shape.
 * Plain text (not a parsed document): the session calls are sent with plain fetch (graphql-request.ts).
 * The fragments' TypeScript types (CurrentUserFieldsFragment …) are generated into src/gql by graphql-codegen.
 */
export const CURRENT_USER_FIELDS = /* GraphQL */ `
  fragment CurrentUserFields on CurrentUser {
    id
    name
    email
    username
    role
    isAdmin
    currentOrganization {
      id
      name
      domain
      timeZone
    }
    organizations {
      id
      name
      domain
      timeZone
    }
    restrictions {
      resource
      operations
    }
    hasRefreshToken
    googleEmailAddress
    clientId
    teamId
    mediaUrl
  }
`;

/** What every call that starts or renews a session returns (login, refreshSession, switchOrganization). */
export const AUTH_PAYLOAD_FIELDS = /* GraphQL */ `
  fragment AuthPayloadFields on AuthPayload {
    accessToken
    expiresIn
    message
    user {
      ...CurrentUserFields
    }
  }
  ${CURRENT_USER_FIELDS}
`;
