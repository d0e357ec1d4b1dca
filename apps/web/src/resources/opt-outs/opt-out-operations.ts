/*
 * The opt-outs module's own operations (beyond the registry's list and get): adding one by number, removing one
 * with a reason, its audited history, and the phone search of the add form. Typed by graphql-codegen.
 */

export const ADD_OPT_OUT = /* GraphQL */ `
  mutation AddOptOut($number: String, $clientId: ID, $body: String) {
    addOptOut(number: $number, clientId: $clientId, body: $body) {
      optOut {
        id
        number
        clientId
      }
      errors {
        field
        messages
      }
      message
    }
  }
`;

export const REMOVE_OPT_OUT = /* GraphQL */ `
  mutation RemoveOptOut($id: ID!, $reason: String!) {
    removeOptOut(id: $id, reason: $reason) {
      optOut {
        id
      }
      errors {
        field
        messages
      }
      message
    }
  }
`;

export const OPT_OUT_HISTORY = /* GraphQL */ `
  query OptOutHistory($id: ID!) {
    optOut(id: $id) {
      id
      history {
        id
        action
        source
        optOutType
        reason
        ipAddress
        userName
        createdAt
      }
    }
  }
`;

/** Spec §9: the opt-out phone search offers 10 numbers. */
export const OPT_OUT_PHONE_SEARCH_LIMIT = 10;

export const OPT_OUT_PHONE_SEARCH = /* GraphQL */ `
  query OptOutPhoneSearch($filters: [FilterInput!], $limit: Int) {
    phones(filters: $filters, limit: $limit, sortBy: "number", sortOrder: Asc) {
      nodes {
        id
        number
      }
    }
  }
`;
