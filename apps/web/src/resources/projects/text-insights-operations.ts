import type { ProjectTextInsightsQuery } from '../../gql/graphql';

/** Spec §3 Text insight: a project's sent texts per provider and minute, for the insights tab's chart. */
export type TextInsight = NonNullable<ProjectTextInsightsQuery['projectTextInsights']>[number];

export const PROJECT_TEXT_INSIGHTS = /* GraphQL */ `
  query ProjectTextInsights($projectId: ID!) {
    projectTextInsights(projectId: $projectId) {
      provider
      time
      sentByMinute
      averagePerSecond
    }
  }
`;
