export * from './organisations';
export * from './users';
export * from './projects';
export * from './auth-tokens';
export * from './registrations';
export * from './crawls';
export * from './pages';
export * from './segments';
