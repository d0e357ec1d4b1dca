/* Number lookup of the organization's recipients (the Phones index). Typed by graphql-codegen. */

export const LOOK_UP_PHONE_CARRIERS = /* GraphQL */ `
  mutation LookUpPhoneCarriers {
    lookUpPhoneCarriers {
      message
      task {
        id
        status
        processed
        total
      }
    }
  }
`;
