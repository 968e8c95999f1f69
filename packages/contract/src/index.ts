export * from './api/envelope';
export * from './api/headers';
export * from './api/ui-config';
export * from './api/session';
export * from './api/realtime';
export * from './constants/roles';
