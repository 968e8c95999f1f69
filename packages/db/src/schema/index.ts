export * from './organisations';
export * from './users';
export * from './projects';
export * from './auth-tokens';
export * from './registrations';
