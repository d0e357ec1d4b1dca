/* A level's prices (the organization's, a client's or a project's): its rows and their save. Typed by graphql-codegen. */

export const PRICES = /* GraphQL */ `
  query Prices($clientId: ID, $projectId: ID) {
    prices(clientId: $clientId, projectId: $projectId) {
      id
      price
      isSent
      campaignType
      messagingServiceType
      startAt
      level
    }
  }
`;

export const UPDATE_PRICES = /* GraphQL */ `
  mutation UpdatePrices($clientId: ID, $projectId: ID, $prices: [PriceInput!]!) {
    updatePrices(clientId: $clientId, projectId: $projectId, prices: $prices) {
      prices {
        id
        price
        isSent
        campaignType
        messagingServiceType
        startAt
        level
      }
      errors {
        field
        messages
      }
      message
    }
  }
`;

/** The price that applies to each kind of message of a project or client, and the level it comes from. */
export const APPLICABLE_PRICES = /* GraphQL */ `
  query ApplicablePrices($clientId: ID, $projectId: ID, $at: DateTime) {
    applicablePrices(clientId: $clientId, projectId: $projectId, at: $at) {
      messagingServiceType
      campaignType
      isSent
      price
      level
      startAt
      headerPrice
    }
  }
`;
