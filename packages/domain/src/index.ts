export * from './enum';
export * from './enums';
export * from './graphql-documents';
export * from './messages';
export * from './opt-out-messages';
export * from './opt-out-keywords';
export * from './web-client';
export * from './permissions';
export * from './phone';
export * from './provider-keys';
export * from './resource';
export * from './resources/index';
export * from './validate';
export * from './geography';
export * from './list-filters';
export * from './area-code-states';
export * from './list-messages';
export * from './row-columns';
export * from './organization';
export * from './prices';
export * from './date-time';
export * from './restriction-grid';
export * from './users';
export * from './project-lifecycle';
export * from './text-progress';
export * from './message/index';
// Both prices.ts (the GraphQL enum of a price row's level) and message/cost.ts (the estimate's lower-case levels) name
// a PriceLevel, built in parallel: the package's name is the enum's; cost.ts keeps its own inside message/.
export { PriceLevel } from './prices';
