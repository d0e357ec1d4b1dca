// The message pieces of the project stepper and overview. Import them only from lazily loaded project routes:
// the dashboard's first load must not carry them (apps/web check:bundle).
export { MessageEditor, type MessageEditorProps } from './MessageEditor';
export { MessageStats, type MessageCostInput } from './MessageStats';
export { ComplianceWarnings, type ComplianceWarningsProps } from './ComplianceWarnings';
export { PlaceholderMenu } from './PlaceholderMenu';
export { MediaField, type MediaFieldProps, type MediaValue, type MediaPositionValue } from './MediaField';
export { useServerOptions, type ServerOption, type ServerOptionType } from './use-server-options';
export { useMessageLinks } from './use-message-links';
export { MessagePreview, type MessageSample } from './MessagePreview';
