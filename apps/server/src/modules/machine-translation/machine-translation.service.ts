import {
  NMT_MESSAGES,
  getLanguageName,
  nmtUnsupportedPairMessage,
  TERM_MESSAGES,
  type NmtApplyRequest,
  type NmtOrigin,
  type NmtTp,
} from '@bhasha/contract';
import type { Database } from '@bhasha/db';
import type { Principal } from '../../http/access';
import type { JobQueue } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import { can as canOnOrganisation } from '../organisations/organisations.policy';
import { createOrganisationsRepository } from '../organisations/organisations.repository';
import { scopeOf } from '../organisations/tenant-scope';
import type { ProjectAccess } from '../projects/project-access';
import { createProjectsRepository, type ProjectRow } from '../projects/projects.repository';
import type { EditorFilterInput, EditorFilterSelection } from '../translation/editor-filter-selection';
import { isTransliterationLanguage } from '../transliteration/transliterate-segment';
import type { UsersRepository } from '../users/users.repository';
import { nmtApplyJob } from './machine-translation.job';
import type { MtEngineRegistry } from './mt-engine-registry';
import { createMtRunsRepository, type MtRunRow, type RunSelection } from './mt-runs.repository';
import { createMtUsageRepository } from './mt-usage.repository';

/** /translation/nmt/apply and the calls around it: engines, run status, usage, the project's engine. */
export function createMachineTranslationService(deps: {
  db: Database;
  access: ProjectAccess;
  users: Pick<UsersRepository, 'findById'>;
  engines: MtEngineRegistry;
  jobs: Pick<JobQueue, 'send'> | null;
  filterSelection: EditorFilterSelection;
}) {
  const runs = createMtRunsRepository(deps.db);
  const usage = createMtUsageRepository(deps.db);
  const organisationsRepo = createOrganisationsRepository(deps.db);

  async function organisationEngineOf(organisationId: string | null): Promise<string | null> {
    if (!organisationId) return null;
    return organisationsRepo.findMtEngine(organisationId);
  }

  /**
   * The engine a call without nmtService uses: the project's, else the organisation's, else the
   * deployment's. A stored choice whose engine was removed from the configuration is passed over,
   * so one retired engine does not break every call of its projects.
   */
  function defaultEngine(projectEngine: string | null | undefined, organisationEngine: string | null) {
    for (const id of [projectEngine, organisationEngine]) if (id && deps.engines.get(id)) return id;
    return deps.engines.defaultId;
  }

  /** The engine a call uses: the one it names (call > project > organisation > deployment). */
  async function resolveEngine(project: ProjectRow, requested: string | undefined): Promise<string> {
    const id =
      requested ??
      defaultEngine(project.settings.mtEngine, await organisationEngineOf(project.organisationId));
    if (!id) throw AppError.validation([NMT_MESSAGES.noEngine]);
    if (!deps.engines.get(id)) throw AppError.validation([NMT_MESSAGES.unknownEngine]);
    return id;
  }

  /**
   * Refuses a direction the engine does not serve, naming the engines that do (or transliteration),
   * so a run that could only fail is never accepted. An engine that cannot be asked for its pairs
   * right now is given the benefit of the doubt: its run reports the failure itself.
   */
  async function requireDirection(engineId: string, sourceLang: string, targetLang: string): Promise<void> {
    const serves = (pairs: readonly { source: string; target: string }[]) =>
      pairs.some((pair) => pair.source === sourceLang && pair.target === targetLang);
    const pairs = await deps.engines.pairsOf(engineId);
    if (pairs === null || serves(pairs)) return;
    const others = (await deps.engines.summaries()).filter(
      (engine) => engine.id !== engineId && serves(engine.languagePairs),
    );
    throw AppError.validation([
      nmtUnsupportedPairMessage({
        engine: deps.engines.get(engineId)?.label ?? engineId,
        source: getLanguageName(sourceLang),
        target: getLanguageName(targetLang),
        alternatives: others.map((engine) => engine.label),
        canTransliterate: isTransliterationLanguage(targetLang),
      }),
    ]);
  }

  async function queueFirstStep(result: { run: MtRunRow; created: boolean }): Promise<void> {
    if (!result.created) return;
    await deps.jobs!.send(
      nmtApplyJob,
      { runId: result.run.id, projectId: result.run.projectId, step: 0 },
      { singletonKey: `${result.run.id}:0` },
    );
  }

  return {
    /**
     * Accepts an NMT run and queues its first step. The same requestId for the same project
     * answers the run already accepted, so a retried request never translates twice.
     */
    async apply(
      principal: Principal,
      input: Required<Omit<NmtApplyRequest, 'nmtService' | 'filter'>> & {
        nmtService?: string;
        filter?: EditorFilterInput;
      },
    ): Promise<{ run: MtRunRow; created: boolean }> {
      const project = await deps.access.requireVisible(principal, input.projectId);
      const user = await deps.users.findById(principal.id);
      if (!user?.nmtEnabled) throw AppError.forbidden(NMT_MESSAGES.nmtDisabled);
      const existing = await runs.findByRequest(project, input.requestId);
      if (existing) return { run: existing, created: false };
      if (!project.targetLanguages.includes(input.targetLang))
        throw AppError.validation([NMT_MESSAGES.languageNotInProject]);
      if (input.targetLang === project.sourceLanguage) throw AppError.validation([NMT_MESSAGES.sameLanguage]);
      const engine = await resolveEngine(project, input.nmtService);
      await requireDirection(engine, project.sourceLanguage, input.targetLang);
      const origin: NmtOrigin = input.origin;
      if (origin === 'selection' && input.idArr.length === 0)
        throw AppError.validation([NMT_MESSAGES.selectionRequired]);
      if (origin === 'filter' && !input.filter) throw AppError.validation([NMT_MESSAGES.filterRequired]);
      if (!deps.jobs) throw new Error('machine translation needs the job queue');
      const selection: RunSelection =
        origin === 'selection'
          ? { kind: 'selection', segmentIds: [...new Set(input.idArr)] }
          : origin === 'filter'
            ? {
                kind: 'filter',
                condition: await deps.filterSelection.condition(project.id, input.targetLang, input.filter!),
              }
            : { kind: origin };
      const result = await runs.create(
        {
          project,
          requestId: input.requestId,
          userId: principal.id,
          sourceLang: project.sourceLanguage,
          targetLang: input.targetLang,
          options: { tp: input.tp satisfies NmtTp, origin, engine },
        },
        selection,
      );
      await queueFirstStep(result);
      return result;
    },

    /**
     * transliteration/applyTransliteration/filter: every string the editor's filter lists, written
     * in the target script by one job that runs and reports like an NMT run (ADR 0030). USER and
     * PBK translations are kept, as the selection's transliteration keeps them.
     */
    async transliterateFilter(
      principal: Principal,
      input: { projectId: string; targetLang: string; requestId: string; filter: EditorFilterInput },
    ): Promise<{ run: MtRunRow; created: boolean }> {
      const project = await deps.access.requireVisible(principal, input.projectId);
      const existing = await runs.findByRequest(project, input.requestId);
      if (existing) return { run: existing, created: false };
      if (!project.targetLanguages.includes(input.targetLang))
        throw AppError.validation([NMT_MESSAGES.languageNotInProject]);
      if (!isTransliterationLanguage(input.targetLang))
        throw AppError.validation([TERM_MESSAGES.languageNotSupported]);
      if (!deps.jobs) throw new Error('transliteration runs need the job queue');
      const condition = await deps.filterSelection.condition(project.id, input.targetLang, input.filter);
      const result = await runs.create(
        {
          project,
          requestId: input.requestId,
          userId: principal.id,
          sourceLang: project.sourceLanguage,
          targetLang: input.targetLang,
          options: { tp: 'machine', origin: 'filter', engine: 'transliteration', mode: 'transliterate' },
        },
        { kind: 'filter', condition },
      );
      await queueFirstStep(result);
      return result;
    },

    async status(principal: Principal, projectId: string, requestId: string): Promise<MtRunRow> {
      const project = await deps.access.requireVisible(principal, projectId);
      const run = await runs.findByRequest(project, requestId);
      if (!run) throw AppError.notFound('This machine translation request');
      return run;
    },

    /** The deployment's engines (ids, labels, directions) and the project's and organisation's choices. */
    async engines(principal: Principal, projectId?: string) {
      const project = projectId ? await deps.access.requireVisible(principal, projectId) : null;
      const projectEngine = project?.settings.mtEngine ?? null;
      const organisationEngine = await organisationEngineOf(
        project?.organisationId ?? principal.organisationId,
      );
      return {
        engines: await deps.engines.summaries(),
        projectEngine,
        organisationEngine,
        effectiveEngine: defaultEngine(projectEngine, organisationEngine),
      };
    },

    /** Sets (or with null clears) the organisation's default engine; its admins and super admins. */
    async setOrganisationEngine(
      principal: Principal,
      organisationId: string,
      engineId: string | null,
    ): Promise<void> {
      // Another organisation's id answers as if it did not exist (tenant isolation).
      if (!canOnOrganisation(principal, 'edit', { id: organisationId }))
        throw AppError.notFound('This organisation');
      if (engineId !== null && !deps.engines.get(engineId))
        throw AppError.validation([NMT_MESSAGES.unknownEngine]);
      if (!(await organisationsRepo.setMtEngine(organisationId, engineId, new Date())))
        throw AppError.notFound('This organisation');
    },

    /** Sets (or with null clears) the project's default engine. */
    async setProjectEngine(principal: Principal, projectId: string, engineId: string | null): Promise<void> {
      const project = await deps.access.requireManageable(principal, projectId);
      if (engineId !== null && !deps.engines.get(engineId))
        throw AppError.validation([NMT_MESSAGES.unknownEngine]);
      await createProjectsRepository(deps.db).setMtEngine(project.id, engineId);
    },

    /** Usage of the caller's organisation (or every one, for super admins), by project, domain, month. */
    async usage(principal: Principal, filter: { projectId?: string; month?: string }) {
      if (filter.projectId) await deps.access.requireVisible(principal, filter.projectId);
      const rows = await usage.list(scopeOf(principal), filter);
      return rows;
    },
  };
}

export type MachineTranslationService = ReturnType<typeof createMachineTranslationService>;
