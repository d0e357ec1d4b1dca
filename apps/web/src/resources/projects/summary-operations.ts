import type {
  ProjectExcludedPhonesQuery,
  ProjectOverviewCountsQuery,
  ProjectSummaryFieldsFragment,
} from '../../gql/graphql';

/*
 * What the load keeps about a project (spec §7 project summaries), read for its overview and the insights,
 * duplicate_phones, invalid_phones and opt_out_phones tabs: stored counts, never a count of the texts.
 */

export type ProjectSummary = ProjectSummaryFieldsFragment;
export type ExcludedPhonePage = NonNullable<ProjectExcludedPhonesQuery['projectExcludedPhones']>;
export type ListCounts = NonNullable<ProjectOverviewCountsQuery['list']>;

const PROJECT_SUMMARY_FIELDS = /* GraphQL */ `
  fragment ProjectSummaryFields on ProjectSummary {
    projectId
    version
    loadedAt
    loadErrorMessage
    pauseReason
    providerTrouble
    projectStatus
    rowsCount
    totalTexts
    receivedTexts
    duplicatePhones
    invalidPhones
    optOutPhones
    textStatus {
      key
      count
    }
    textsPerProvider {
      key
      count
    }
    excluded {
      key
      count
    }
    areaCodes {
      areaCodesCount
      total
      top {
        key
        count
      }
    }
    listSummary {
      duplicates
      invalids
      optOuts
    }
    insights {
      day
      textStatus
      count
    }
    senders {
      phoneId
      number
      provider
      sent
      delivered
      failed
      deliveryRate
      highFailureRate
    }
  }
`;

export const PROJECT_SUMMARY = /* GraphQL */ `
  query ProjectSummary($projectId: ID!) {
    projectSummary(projectId: $projectId) {
      ...ProjectSummaryFields
    }
  }
  ${PROJECT_SUMMARY_FIELDS}
`;

/** The same summary pushed while the project sends: now, then after each batch or status change (a few a second). */
export const PROJECT_SENDING_PROGRESS = /* GraphQL */ `
  subscription ProjectSendingProgress($projectId: ID!) {
    projectSendingProgress(projectId: $projectId) {
      ...ProjectSummaryFields
    }
  }
  ${PROJECT_SUMMARY_FIELDS}
`;

export const PROJECT_EXCLUDED_PHONES = /* GraphQL */ `
  query ProjectExcludedPhones($projectId: ID!, $tab: ListSummaryOption!, $after: String) {
    projectExcludedPhones(projectId: $projectId, tab: $tab, after: $after) {
      endCursor
      hasNextPage
      nodes {
        rowId
        position
        number
        firstName
        lastName
        reason
      }
    }
  }
`;

/** The list's stored counts, for the estimate of a project not loaded yet (spec §9 Blended vs Optimized). */
export const PROJECT_OVERVIEW_COUNTS = /* GraphQL */ `
  query ProjectOverviewCounts($listId: ID!) {
    list(id: $listId) {
      id
      validRowsCount
      optimizedRowsCount
    }
  }
`;
