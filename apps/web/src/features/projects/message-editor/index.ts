// The message pieces of the project stepper and overview. Import them only from lazily loaded project routes:
// the dashboard's first load must not carry them (apps/web check:bundle).
export { MessageEditor, type MessageEditorProps } from './message-editor';
export { MessageStats, type MessageCostInput } from './message-stats';
export { ComplianceWarnings, type ComplianceWarningsProps } from './compliance-warnings';
export { PlaceholderMenu } from './placeholder-menu';
export { MediaField, type MediaFieldProps, type MediaValue, type MediaPositionValue } from './media-field';
export { useServerOptions, type ServerOption, type ServerOptionType } from './use-server-options';
export { useMessageLinks } from './use-message-links';
export { MessagePreview, type MessageSample } from './message-preview';
