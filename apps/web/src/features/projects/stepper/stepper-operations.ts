// The project stepper's reads and writes (spec §2 "Project stepper", §7), typed by graphql-codegen from schema.graphql.
import { graphqlOperation } from '../../../session/graphql-request';
import type {
  CreateStepperProjectMutation,
  CreateStepperProjectMutationVariables,
  StepperListImportSummaryQuery,
  StepperListImportSummaryQueryVariables,
  StepperListQuery,
  StepperListQueryVariables,
  StepperListsQuery,
  StepperListsQueryVariables,
  StepperPhonesQuery,
  StepperPhonesQueryVariables,
  StepperProjectQuery,
  StepperProjectQueryVariables,
  StepperTeamsQuery,
  StepperTeamsQueryVariables,
  StepperTextDefaultsQuery,
  StepperTextDefaultsQueryVariables,
  StepperTimeZonesQuery,
  StepperTimeZonesQueryVariables,
  StepperUsersQuery,
  StepperUsersQueryVariables,
  UpdateStepperProjectMutation,
  UpdateStepperProjectMutationVariables,
} from '../../../gql/graphql';

const PROJECT_FIELDS = /* GraphQL */ `
  fragment StepperProjectFields on Project {
    id
    name
    projectType
    clientId
    client {
      id
      name
    }
    agencyId
    agency {
      id
      name
    }
    managerId
    manager {
      id
      name
    }
    listId
    message
    mediaPosition
    mediaUrl
    mediaFilename
    mediaFiletype
    mediaSize
    campaignType
    deliveryType
    sendingType
    areaCodeSelection
    pricingType
    timeZone
    startAt
    endAt
    currentStep
    projectStatus
    projectPhones {
      id
      phoneId
      isPrimary
    }
    projectTeams {
      id
      teamId
    }
    projectTexters {
      id
      userId
      quota
    }
  }
`;

export const StepperProject = graphqlOperation<StepperProjectQuery, StepperProjectQueryVariables>(/* GraphQL */ `
  query StepperProject($id: ID!) {
    project(id: $id) {
      ...StepperProjectFields
    }
  }
  ${PROJECT_FIELDS}
`);

export const CreateStepperProject = graphqlOperation<
  CreateStepperProjectMutation,
  CreateStepperProjectMutationVariables
>(/* GraphQL */ `
  mutation CreateStepperProject($attributes: ProjectAttributes!) {
    createProject(attributes: $attributes) {
      project {
        ...StepperProjectFields
      }
      errors {
        field
        messages
      }
      message
    }
  }
  ${PROJECT_FIELDS}
`);

export const UpdateStepperProject = graphqlOperation<
  UpdateStepperProjectMutation,
  UpdateStepperProjectMutationVariables
>(/* GraphQL */ `
  mutation UpdateStepperProject($id: ID!, $attributes: ProjectAttributes!) {
    updateProject(id: $id, attributes: $attributes) {
      project {
        ...StepperProjectFields
      }
      errors {
        field
        messages
      }
      message
    }
  }
  ${PROJECT_FIELDS}
`);

/** The lists a project may text: only Loaded ones (spec §2 List Import, Setup). */
export const StepperLists = graphqlOperation<StepperListsQuery, StepperListsQueryVariables>(/* GraphQL */ `
  query StepperLists {
    lists(
      filters: [{ field: "listStatus", operation: Equal, value: "Loaded" }]
      limit: 50
      sortBy: "name"
      sortOrder: Asc
    ) {
      nodes {
        id
        name
        rowsCount
      }
    }
  }
`);

/** The chosen list's counts (List Import, Summary) and its headers (the message's placeholders). */
export const StepperList = graphqlOperation<StepperListQuery, StepperListQueryVariables>(/* GraphQL */ `
  query StepperList($id: ID!) {
    list(id: $id) {
      id
      name
      rowsCount
      validRowsCount
      duplicateRowsCount
      invalidRowsCount
      optedOutRowsCount
      optimizedRowsCount
      optimizedPercent
      rowColumns {
        field
        header
      }
    }
  }
`);

/** What loading the list into the project would leave out and make now (the List Import summary). */
export const StepperListImportSummary = graphqlOperation<
  StepperListImportSummaryQuery,
  StepperListImportSummaryQueryVariables
>(/* GraphQL */ `
  query StepperListImportSummary($projectId: ID!, $listId: ID!) {
    projectListImportSummary(projectId: $projectId, listId: $listId) {
      rowsCount
      texts
      duplicates
      invalids
      optOuts
    }
  }
`);

/** The organization's Active phones: the project's possible senders (spec §4 "only if Active"). */
export const StepperPhones = graphqlOperation<StepperPhonesQuery, StepperPhonesQueryVariables>(/* GraphQL */ `
  query StepperPhones($filters: [FilterInput!], $limit: Int) {
    phones(filters: $filters, limit: $limit, sortBy: "number", sortOrder: Asc) {
      nodes {
        id
        number
        phoneStatus
        clientId
        campaign {
          id
          name
        }
      }
    }
  }
`);

export const StepperUsers = graphqlOperation<StepperUsersQuery, StepperUsersQueryVariables>(/* GraphQL */ `
  query StepperUsers {
    users(limit: 200, sortBy: "name", sortOrder: Asc) {
      nodes {
        id
        name
        userType
      }
    }
  }
`);

export const StepperTeams = graphqlOperation<StepperTeamsQuery, StepperTeamsQueryVariables>(/* GraphQL */ `
  query StepperTeams {
    teams(limit: 200, sortBy: "name", sortOrder: Asc) {
      nodes {
        id
        name
      }
    }
  }
`);

export const StepperTimeZones = graphqlOperation<StepperTimeZonesQuery, StepperTimeZonesQueryVariables>(/* GraphQL */ `
  query StepperTimeZones {
    timeZones {
      name
      label
    }
  }
`);

/** The organization's text defaults: placeholders a message may name besides the list's columns. */
export const StepperTextDefaults = graphqlOperation<StepperTextDefaultsQuery, StepperTextDefaultsQueryVariables>(
  /* GraphQL */ `
    query StepperTextDefaults {
      textDefaults(limit: 100, sortBy: "field", sortOrder: Asc) {
        nodes {
          field
          value
        }
      }
    }
  `,
);
