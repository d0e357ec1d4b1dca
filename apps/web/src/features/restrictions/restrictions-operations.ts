// The restrictions grid (spec §6), typed by graphql-codegen from schema.graphql.
import { graphqlOperation } from '../../session/graphql-request';
import type {
  OrganizationRestrictionsQuery,
  OrganizationRestrictionsQueryVariables,
  SaveRestrictionsMutation,
  SaveRestrictionsMutationVariables,
} from '../../gql/graphql';

export const OrganizationRestrictions = graphqlOperation<
  OrganizationRestrictionsQuery,
  OrganizationRestrictionsQueryVariables
>(/* GraphQL */ `
  query OrganizationRestrictions {
    organizationRestrictions {
      role
      resource
      operations
    }
  }
`);

export const SaveRestrictions = graphqlOperation<SaveRestrictionsMutation, SaveRestrictionsMutationVariables>(
  /* GraphQL */ `
    mutation SaveRestrictions($restrictions: [RoleRestrictionInput!]!) {
      saveRestrictions(restrictions: $restrictions) {
        message
        restrictions {
          role
          resource
          operations
        }
        errors {
          field
          messages
        }
      }
    }
  `,
);
