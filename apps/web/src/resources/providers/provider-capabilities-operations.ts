/* What Canvass can do through a provider (its configuration and brand screens). Typed by graphql-codegen. */

export const PROVIDER_CAPABILITIES = /* GraphQL */ `
  query ProviderCapabilities($provider: Provider!) {
    providerCapabilities(provider: $provider) {
      sms
      mms
      maxMediaBytes
      deliveryReceipts
      inbound
      lookup
      numbers
    }
  }
`;
