import type { DbHandle } from '@bhasha/db';
import type { UiConfig } from '@bhasha/contract';
import type { AppConfig } from './config/load-config';
import type { JobQueue } from './jobs/job-queue';
import type { Clock } from './lib/clock';
import type { RealtimeEmitter } from './realtime/realtime-emitter';
import { createSessionService } from './modules/auth/session.service';
import { createTokenService } from './modules/auth/token.service';
import { buildUiConfig } from './modules/auth/ui-config.service';
import { createUsersRepository } from './modules/users/users.repository';
import { createUsersService } from './modules/users/users.service';

/** The side effects the server is built from; tests pass their own clock or emitter. */
export interface AppDeps {
  config: AppConfig;
  handle: DbHandle;
  clock: Clock;
  emitter: RealtimeEmitter;
  jobs: JobQueue | null;
}

/** Wires repositories and services once; routes receive the result. */
export function createServices(deps: AppDeps) {
  const usersRepository = createUsersRepository(deps.handle.db);
  const tokens = createTokenService(deps.config.jwtSecret, deps.config.env.JWT_TTL_SECONDS, deps.clock);
  const uiConfig: UiConfig = buildUiConfig(deps.config);
  return {
    ...deps,
    uiConfig,
    tokens,
    users: createUsersService(usersRepository),
    sessions: createSessionService({
      tokens,
      users: usersRepository,
      clock: deps.clock,
      clockSkewSeconds: deps.config.env.CLOCK_SKEW_SECONDS,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
