export * from './_columns';
export * from './auth';
export * from './organizations';
export * from './users';
