/* The organization's do-not-contact numbers: a page, the count, add and remove. Typed by graphql-codegen. */

export const DO_NOT_CONTACT_NUMBERS = /* GraphQL */ `
  query DoNotContactNumbers($search: String, $after: String, $first: Int) {
    doNotContactNumbers(search: $search, after: $after, first: $first) {
      nodes {
        number
        updatedAt
      }
      hasNextPage
      endCursor
    }
    doNotContactCount
  }
`;

export const ADD_DO_NOT_CONTACT = /* GraphQL */ `
  mutation AddDoNotContactNumber($number: String!) {
    addDoNotContactNumber(number: $number) {
      number
      errors {
        field
        messages
      }
      message
    }
  }
`;

export const REMOVE_DO_NOT_CONTACT = /* GraphQL */ `
  mutation RemoveDoNotContactNumber($number: String!, $reason: String) {
    removeDoNotContactNumber(number: $number, reason: $reason) {
      number
      errors {
        field
        messages
      }
      message
    }
  }
`;
