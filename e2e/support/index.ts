export * from './browser';
export * from './product-server';
