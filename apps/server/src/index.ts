export { buildApp, API_PREFIX } from './app';
export { startServer, type RunningServer } from './server';
export { resolveConfig, loadConfigOrExit, type AppConfig } from './config/load-config';
export { parseEnv } from './config/env';
