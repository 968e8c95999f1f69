import type { DestinationStream } from 'pino';
import type { DbHandle } from '@bhasha/db';
import type { LanguageCode, UiConfig } from '@bhasha/contract';
import type { AppConfig } from './config/load-config';
import type { JobQueue } from './jobs/job-queue';
import { createBackgroundTasks } from './lib/background-tasks';
import type { Clock } from './lib/clock';
import { createLogger, type Logger } from './lib/logger';
import { createMailer, type Mailer } from './lib/mailer/mailer';
import { createCodeHasher } from './lib/secrets';
import { createSmsProvider, type SmsProvider } from './lib/sms/sms-provider';
import type { RealtimeEmitter } from './realtime/realtime-emitter';
import { createAuthService } from './modules/auth/auth.service';
import { createOtpService } from './modules/auth/otp.service';
import { createRegistrationService } from './modules/auth/registration.service';
import { createSessionService } from './modules/auth/session.service';
import { createTokenService } from './modules/auth/token.service';
import { buildUiConfig } from './modules/auth/ui-config.service';
import { createUsersRepository } from './modules/users/users.repository';
import { createUsersService } from './modules/users/users.service';
import { createOrganisationsRepository } from './modules/organisations/organisations.repository';
import { createOrganisationsService } from './modules/organisations/organisations.service';
import { createProjectAccess } from './modules/projects/project-access';
import { createProjectsRepository } from './modules/projects/projects.repository';
import { createCollaboratorsRepository } from './modules/collaborators/collaborators.repository';
import { createCollaboratorsService } from './modules/collaborators/collaborators.service';
import { createProjectSettingsRepository } from './modules/projects/project-settings.repository';
import { createProjectSettingsService } from './modules/project-settings/project-settings.service';
import { createWebsiteServices } from './modules/projects/website-services';
import { createTranslationServices } from './modules/translation/translation-services';
import { createMachineTranslationServices } from './modules/machine-translation/machine-translation-services';
import {
  createMtEngineRegistryFromEnv,
  type MtEngineRegistry,
} from './modules/machine-translation/mt-engine-registry';

import { createDeliveryRepository } from './modules/delivery/delivery.repository';
import { createDeliveryService, type DeliveryBudgets } from './modules/delivery/delivery.service';
import { createPageConfirmation } from './modules/delivery/page-confirmation';
import { createSnippetBundleSource } from './modules/delivery/snippet-bundle';
import { createSuggestionsRepository } from './modules/suggestions/suggestions.repository';
import { createScriptVerificationService } from './modules/delivery/script-verification.service';
import { createPageFetcher, DEFAULT_FETCHER_OPTIONS } from './modules/crawl/page-fetcher';
import { createTranslationMemoryServices } from './modules/translation-memory/translation-memory-services';
import { createProxyServices } from './modules/proxy/proxy-services';
import type { TxtResolver } from './modules/proxy/dns-txt-resolver';
import { createManualTranslationServices } from './modules/manual-translation/manual-translation-services';
import { createApiKeysRepository } from './modules/api-keys/api-keys.repository';
import { createApiKeysService } from './modules/api-keys/api-keys.service';
import { createWebhooksServices } from './modules/webhooks/webhooks-services';
import { createAppFilesService } from './modules/app-files/app-files.service';

/** The side effects the server is built from; tests pass their own clock, emitter, mailer or SMS provider. */
export interface AppDeps {
  config: AppConfig;
  handle: DbHandle;
  clock: Clock;
  emitter: RealtimeEmitter;
  jobs: JobQueue | null;
  /** E-mail; default: what the configuration names (SMTP_URL → SMTP, else the log-only mailer). */
  mailer?: Mailer;
  /** SMS; default: the provider SMS_PROVIDER names. */
  sms?: SmsProvider;
  /** For work outside a request (background e-mail); default: a logger at LOG_LEVEL. */
  log?: Logger;
  /** Where the request log is written (default standard output); tests read it. */
  logDestination?: DestinationStream;
  /** Machine translation engines; default: built from MT_ENGINES/APERTIUM_URL (the worker shares one). */
  mtEngines?: MtEngineRegistry;
  /** DNS TXT look-ups of domain ownership checks; default: the system's resolver. */
  dnsResolver?: TxtResolver;
  /** What anonymous visitors may add per hour; default: DEFAULT_DELIVERY_BUDGETS. */
  deliveryBudgets?: DeliveryBudgets;
}

/** Wires repositories and services once; routes receive the result. */
export function createServices(appDeps: AppDeps) {
  const { env } = appDeps.config;
  const log = appDeps.log ?? createLogger(env.LOG_LEVEL, appDeps.logDestination);
  const deps = {
    ...appDeps,
    log,
    mailer: appDeps.mailer ?? createMailer(appDeps.config, log),
    sms: appDeps.sms ?? createSmsProvider(appDeps.config, log),
  };
  const db = deps.handle.db;
  const usersRepository = createUsersRepository(db);
  const organisationsRepository = createOrganisationsRepository(db);
  const tokens = createTokenService(deps.config.jwtSecret, env.JWT_TTL_SECONDS, deps.clock);
  const uiConfig: UiConfig = buildUiConfig(deps.config);
  const background = createBackgroundTasks(deps.log);
  const projectsRepository = createProjectsRepository(db);
  const projectAccess = createProjectAccess(projectsRepository);
  const otps = createOtpService({
    db,
    clock: deps.clock,
    hasher: createCodeHasher(deps.config.jwtSecret),
    log: deps.log,
    sendsPerDestinationPerHour: env.OTP_SENDS_PER_DESTINATION_PER_HOUR,
    sendsPerIpPerHour: env.OTP_SENDS_PER_IP_PER_HOUR,
  });
  const delivery = createDeliveryService({
    repository: createDeliveryRepository(db),
    access: projectAccess,
    clock: deps.clock,
    suggestions: createSuggestionsRepository(db),
    pageConfirmation: createPageConfirmation({
      clock: deps.clock,
      createFetcher: () =>
        createPageFetcher({
          ...DEFAULT_FETCHER_OPTIONS,
          maxBytes: 2 * 1024 * 1024,
          allowPrivateNetwork: env.ALLOW_PRIVATE_NETWORK_FETCH,
        }),
    }),
    budgets: appDeps.deliveryBudgets,
  });
  const webhooks = createWebhooksServices({
    db,
    jobs: deps.jobs,
    clock: deps.clock,
    allowPrivateNetwork: env.ALLOW_PRIVATE_NETWORK_FETCH,
  });
  const website = createWebsiteServices({ db, clock: deps.clock, jobs: deps.jobs, background });
  return {
    ...deps,
    uiConfig,
    tokens,
    background,
    users: createUsersService({
      users: usersRepository,
      organisations: organisationsRepository,
      tokens,
      clock: deps.clock,
      emitter: deps.emitter,
      countWebsiteProjects: (organisationId) => projectsRepository.countWebsiteProjects(organisationId),
    }),
    organisations: createOrganisationsService({
      organisations: organisationsRepository,
      users: usersRepository,
      clock: deps.clock,
    }),
    projectAccess,
    apiKeys: createApiKeysService({ repository: createApiKeysRepository(db), clock: deps.clock }),
    collaborators: createCollaboratorsService({
      repository: createCollaboratorsRepository(db),
      access: projectAccess,
      emitter: deps.emitter,
    }),
    sessions: createSessionService({
      tokens,
      users: usersRepository,
      clock: deps.clock,
      clockSkewSeconds: env.CLOCK_SKEW_SECONDS,
    }),
    auth: createAuthService({
      db,
      clock: deps.clock,
      tokens,
      mailer: deps.mailer,
      background,
      publicUrl: deps.config.publicUrl,
      emitter: deps.emitter,
    }),
    ...website,
    appFiles: createAppFilesService({
      db,
      clock: deps.clock,
      emitter: deps.emitter,
      access: projectAccess,
      setTargetLanguages: (principal, projectId, targetLanguages) =>
        // Codes the project already holds or the request validated.
        website.projects.update(principal, { projectId, targetLanguages: targetLanguages as LanguageCode[] }),
    }),
    ...createTranslationServices({ db, clock: deps.clock, emitter: deps.emitter }),
    ...createMachineTranslationServices({
      db,
      clock: deps.clock,
      emitter: deps.emitter,
      jobs: deps.jobs,
      engines: appDeps.mtEngines ?? createMtEngineRegistryFromEnv(env),
    }),
    delivery,
    scriptVerification: createScriptVerificationService({
      repository: createDeliveryRepository(db),
      projects: projectsRepository,
      access: projectAccess,
      clock: deps.clock,
      createFetcher: () =>
        createPageFetcher({
          ...DEFAULT_FETCHER_OPTIONS,
          maxBytes: 2 * 1024 * 1024,
          allowPrivateNetwork: env.ALLOW_PRIVATE_NETWORK_FETCH,
        }),
    }),
    projectSettings: createProjectSettingsService({
      repository: createProjectSettingsRepository(db),
      access: projectAccess,
      clock: deps.clock,
      onChanged: (projectId) => delivery.settingsChanged(projectId),
    }),
    snippetBundle: createSnippetBundleSource(),
    ...createProxyServices({
      db,
      config: deps.config,
      renderBaseUrl: uiConfig.renderBaseUrl,
      access: projectAccess,
      clock: deps.clock,
      ...(appDeps.dnsResolver ? { resolver: appDeps.dnsResolver } : {}),
    }),
    ...createTranslationMemoryServices({
      db,
      clock: deps.clock,
      access: projectAccess,
      emitter: deps.emitter,
      jobs: deps.jobs,
      dataDir: deps.config.dataDir,
      log: deps.log,
    }),
    ...createManualTranslationServices({
      db,
      clock: deps.clock,
      emitter: deps.emitter,
      access: projectAccess,
      webhookEvents: webhooks.webhookEvents,
    }),
    ...webhooks,
    registration: createRegistrationService({
      db,
      clock: deps.clock,
      tokens,
      otps,
      mailer: deps.mailer,
      sms: deps.sms,
      smsCountryCode: env.SMS_COUNTRY_CODE,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;

/**
 * The part of the services one route plugin receives: each plugin declares the services it uses
 * (`Pick<Services, …>`) and is handed only those, never the whole set.
 */
export function servicesFor<K extends keyof Services>(services: Services, ...keys: K[]): Pick<Services, K> {
  const part = {} as Pick<Services, K>;
  for (const key of keys) part[key] = services[key];
  return part;
}
