export * from './client';
export * from './pglite-prepared-statement';
export * from './schema';
export * from './owner-only';
