export * from './common';
export * from './account';
export * from './billing';
export * from './services';
export * from './teams';
export * from './endpoints';
