// A team's users tab (members and leads), typed by graphql-codegen from schema.graphql.
import { graphqlOperation } from '../../session/graphql-request';
import type {
  AddTeamMemberMutation,
  AddTeamMemberMutationVariables,
  RemoveTeamMemberMutation,
  RemoveTeamMemberMutationVariables,
  SetTeamLeadMutation,
  SetTeamLeadMutationVariables,
  TeamMemberCandidatesQuery,
  TeamMemberCandidatesQueryVariables,
  TeamMembersQuery,
  TeamMembersQueryVariables,
} from '../../gql/graphql';

export const TeamMembers = graphqlOperation<TeamMembersQuery, TeamMembersQueryVariables>(/* GraphQL */ `
  query TeamMembers($teamId: ID!) {
    teamMembers(teamId: $teamId) {
      id
      userId
      name
      email
      isLead
    }
  }
`);

export const TeamMemberCandidates = graphqlOperation<TeamMemberCandidatesQuery, TeamMemberCandidatesQueryVariables>(
  /* GraphQL */ `
    query TeamMemberCandidates($teamId: ID!, $search: String!) {
      teamMemberCandidates(teamId: $teamId, search: $search) {
        id
        name
        email
      }
    }
  `,
);

export const AddTeamMember = graphqlOperation<AddTeamMemberMutation, AddTeamMemberMutationVariables>(/* GraphQL */ `
  mutation AddTeamMember($teamId: ID!, $userId: ID!) {
    addTeamMember(teamId: $teamId, userId: $userId) {
      message
      errors {
        field
        messages
      }
    }
  }
`);

export const RemoveTeamMember = graphqlOperation<RemoveTeamMemberMutation, RemoveTeamMemberMutationVariables>(
  /* GraphQL */ `
    mutation RemoveTeamMember($teamId: ID!, $userId: ID!) {
      removeTeamMember(teamId: $teamId, userId: $userId) {
        message
        errors {
          field
          messages
        }
      }
    }
  `,
);

export const SetTeamLead = graphqlOperation<SetTeamLeadMutation, SetTeamLeadMutationVariables>(/* GraphQL */ `
  mutation SetTeamLead($teamId: ID!, $userId: ID!, $isLead: Boolean!) {
    setTeamLead(teamId: $teamId, userId: $userId, isLead: $isLead) {
      message
      errors {
        field
        messages
      }
    }
  }
`);
