export * from './accounts';
export * from './browser';
export * from './mail-catcher';
export * from './product-fixture';
export * from './product-server';
export * from './sms-outbox';
export * from './form-errors';
export * from './pickers';
