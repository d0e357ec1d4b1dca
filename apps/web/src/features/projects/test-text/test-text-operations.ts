// The test text's reads and writes (spec §5, §7 loadSendProject TestText), typed by graphql-codegen from schema.graphql.
import { graphqlOperation } from '../../../session/graphql-request';
import type {
  SendTestTextMutation,
  SendTestTextMutationVariables,
  TestTextProjectQuery,
  TestTextProjectQueryVariables,
} from '../../../gql/graphql';

export const SendTestText = graphqlOperation<SendTestTextMutation, SendTestTextMutationVariables>(/* GraphQL */ `
  mutation SendTestText($projectId: ID!, $phoneIds: [ID!], $toNumbers: [String!], $body: String, $fromPhoneId: ID) {
    loadSendProject(
      projectId: $projectId
      option: TestText
      phoneIds: $phoneIds
      toNumbers: $toNumbers
      body: $body
      fromPhoneId: $fromPhoneId
    ) {
      message
      errors {
        field
        messages
      }
    }
  }
`);

/** What the project page's dialog starts from: the project's message and its numbers. */
export const TestTextProject = graphqlOperation<TestTextProjectQuery, TestTextProjectQueryVariables>(/* GraphQL */ `
  query TestTextProject($id: ID!) {
    project(id: $id) {
      id
      message
      projectPhones {
        id
        phoneId
      }
    }
  }
`);
