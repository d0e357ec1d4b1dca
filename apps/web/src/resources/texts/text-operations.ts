/* The texts module's own operations (beyond the registry's): the opt-out toggle on a text. Typed by graphql-codegen. */

export const SET_TEXT_OPT_OUT = /* GraphQL */ `
  mutation SetTextOptOut($id: ID!, $optOut: Boolean!) {
    setTextOptOut(id: $id, optOut: $optOut) {
      text {
        id
        optOut
      }
      errors {
        field
        messages
      }
      message
    }
  }
`;
