export * from './common';
export * from './account';
export * from './services';
export * from './endpoints';
