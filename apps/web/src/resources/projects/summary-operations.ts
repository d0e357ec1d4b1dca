import type { ProjectExcludedPhonesQuery, ProjectOverviewCountsQuery, ProjectSummaryQuery } from '../../gql/graphql';

/*
 * What the load keeps about a project (spec §7 project summaries), read for its overview and the insights,
 * duplicate_phones, invalid_phones and opt_out_phones tabs: stored counts, never a count of the texts.
 */

export type ProjectSummary = NonNullable<ProjectSummaryQuery['projectSummary']>;
export type ExcludedPhonePage = NonNullable<ProjectExcludedPhonesQuery['projectExcludedPhones']>;
export type ListCounts = NonNullable<ProjectOverviewCountsQuery['list']>;

export const PROJECT_SUMMARY = /* GraphQL */ `
  query ProjectSummary($projectId: ID!) {
    projectSummary(projectId: $projectId) {
      projectId
      loadedAt
      loadErrorMessage
      rowsCount
      totalTexts
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
    }
  }
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
