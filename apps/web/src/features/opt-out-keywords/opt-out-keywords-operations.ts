/* The organization's own opt-out keywords and the plain-language switch. Typed by graphql-codegen. */

export const OPT_OUT_KEYWORD_SETTINGS = /* GraphQL */ `
  query OptOutKeywordSettings {
    optOutKeywordSettings {
      optOutKeywords
      plainLanguageOptOuts
    }
  }
`;

export const UPDATE_OPT_OUT_KEYWORD_SETTINGS = /* GraphQL */ `
  mutation UpdateOptOutKeywordSettings($optOutKeywords: [String!]!, $plainLanguageOptOuts: Boolean!) {
    updateOptOutKeywordSettings(optOutKeywords: $optOutKeywords, plainLanguageOptOuts: $plainLanguageOptOuts) {
      settings {
        optOutKeywords
        plainLanguageOptOuts
      }
      errors {
        field
        messages
      }
      message
    }
  }
`;
