export * from './gsm7';
export * from './segments';
export * from './placeholders';
export * from './compliance';
export * from './money';
export * from './cost';
export * from './media';
