/* Searching, buying, releasing and validating purchased numbers (Buy Phones dialog, a phone's menu). Typed by graphql-codegen. */

export const BUY_PHONES_CAMPAIGNS = /* GraphQL */ `
  query BuyPhonesCampaigns {
    campaigns(limit: 200, sortBy: "name", sortOrder: Asc) {
      nodes {
        id
        name
        campaignType
        clientId
      }
    }
  }
`;

export const SEARCH_PHONE_NUMBERS = /* GraphQL */ `
  query SearchPhoneNumbers($campaignId: ID!, $areaCode: String!) {
    searchPhoneNumbers(campaignId: $campaignId, areaCode: $areaCode)
  }
`;

export const BUY_NUMBERS = /* GraphQL */ `
  mutation BuyNumbers($phoneNumbers: [String!]!, $campaignId: ID!, $clientId: ID) {
    buyNumbers(phoneNumbers: $phoneNumbers, campaignId: $campaignId, clientId: $clientId) {
      message
      boughtNumbers
      failedNumbers
      phoneIds
    }
  }
`;

export const SEARCH_AND_BUY_UNREGISTERED_NUMBER = /* GraphQL */ `
  mutation SearchAndBuyUnregisteredNumber($campaignId: ID!, $areaCode: String!, $clientId: ID) {
    searchAndBuyUnregisteredNumber(campaignId: $campaignId, areaCode: $areaCode, clientId: $clientId) {
      message
      boughtNumbers
      failedNumbers
      phoneIds
    }
  }
`;

export const RELEASE_NUMBER = /* GraphQL */ `
  mutation ReleaseNumber($phoneId: ID!) {
    releaseNumber(phoneId: $phoneId) {
      message
    }
  }
`;

export const VALIDATE_PHONE = /* GraphQL */ `
  mutation ValidatePhone($phoneId: ID!) {
    validatePhone(phoneId: $phoneId) {
      message
    }
  }
`;
