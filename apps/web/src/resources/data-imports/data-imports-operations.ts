// The data import screens' own operations (beyond the registry's CRUD), typed by graphql-codegen from schema.graphql.
import { graphqlOperation } from '../../session/graphql-request';
import type {
  CreateDataImportMutation as CreateDataImportResult,
  CreateDataImportMutationVariables,
  CreateDataImportTemplateMutation as CreateDataImportTemplateResult,
  CreateDataImportTemplateMutationVariables,
  DataImportFieldsQuery as DataImportFieldsResult,
  DataImportFieldsQueryVariables,
  DataImportPreviewQuery as DataImportPreviewResult,
  DataImportPreviewQueryVariables,
  DataImportRunQuery as DataImportRunResult,
  DataImportRunQueryVariables,
  DataImportTemplatesQuery as DataImportTemplatesResult,
  DataImportTemplatesQueryVariables,
  StartDataImportMutation as StartDataImportResult,
  StartDataImportMutationVariables,
} from '../../gql/graphql';

export const DataImportFieldsQuery = graphqlOperation<DataImportFieldsResult, DataImportFieldsQueryVariables>(
  /* GraphQL */ `
    query DataImportFields($resource: DataImportResource!) {
      dataImportFields(resource: $resource) {
        name
        label
        required
      }
    }
  `,
);

export const DataImportPreviewQuery = graphqlOperation<DataImportPreviewResult, DataImportPreviewQueryVariables>(
  /* GraphQL */ `
    query DataImportPreview($uploadId: ID!) {
      dataImportPreview(uploadId: $uploadId)
    }
  `,
);

export const DataImportTemplatesQuery = graphqlOperation<DataImportTemplatesResult, DataImportTemplatesQueryVariables>(
  /* GraphQL */ `
    query DataImportTemplates($resource: String!) {
      dataImportTemplates(first: 100, filters: [{ field: "resource", operation: Equal, value: $resource }]) {
        nodes {
          id
          name
          mapping
        }
      }
    }
  `,
);

export const CreateDataImportTemplateMutation = graphqlOperation<
  CreateDataImportTemplateResult,
  CreateDataImportTemplateMutationVariables
>(/* GraphQL */ `
  mutation CreateDataImportTemplate($attributes: DataImportTemplateAttributes!) {
    createDataImportTemplate(attributes: $attributes) {
      dataImportTemplate {
        id
        name
        mapping
      }
      errors {
        field
        messages
      }
    }
  }
`);

export const CreateDataImportMutation = graphqlOperation<CreateDataImportResult, CreateDataImportMutationVariables>(
  /* GraphQL */ `
    mutation CreateDataImport($attributes: DataImportAttributes!) {
      createDataImport(attributes: $attributes) {
        dataImport {
          id
        }
        errors {
          field
          messages
        }
      }
    }
  `,
);

export const StartDataImportMutation = graphqlOperation<StartDataImportResult, StartDataImportMutationVariables>(
  /* GraphQL */ `
    mutation StartDataImport($id: ID!) {
      startDataImport(id: $id) {
        message
      }
    }
  `,
);

export const DataImportRunQuery = graphqlOperation<DataImportRunResult, DataImportRunQueryVariables>(/* GraphQL */ `
  query DataImportRun($id: ID!) {
    dataImport(id: $id) {
      id
      status
      errorMessage
      rowsCount
      importedCount
      skippedCount
      rejectedCount
    }
    dataImportTask(id: $id) {
      id
      status
      processed
      total
      downloadUrl
    }
  }
`);
