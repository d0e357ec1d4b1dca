/* The server's option lists (spec §7 "Options by type") the message editor and the media field read. Typed by
 * graphql-codegen. */

export const OPTIONS_BY_TYPE = /* GraphQL */ `
  query OptionsByType($optionType: String!) {
    options(optionType: $optionType) {
      name
      label
    }
  }
`;

/* The organization's shortened links as a message names them ({link:code}), for the placeholder menu. */
export const MESSAGE_LINKS = /* GraphQL */ `
  query MessageLinks {
    messageLinks {
      code
      domain
    }
  }
`;
