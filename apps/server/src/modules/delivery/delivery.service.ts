import { DELIVERY_MESSAGES, PROJECT_TYPES, SUGGESTION_STATUS, VISITOR_MESSAGES } from '@bhasha/contract';
import {
  SEGMENT_KINDS,
  compileIgnorePatterns,
  countWords,
  parseIgnorePatternSettings,
  sourceHash,
  stripPlaceholders,
} from '@bhasha/engine';
import type { Principal } from '../../http/access';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { normaliseUrl } from '../crawl/normalise-url';
import { deliverySettingsOf } from '../project-settings/delivery-settings-reader';
import type { SuggestionsRepository } from '../suggestions/suggestions.repository';
import type { ProjectAccess } from '../projects/project-access';
import { hostOf, isProjectHost } from './delivery-origin';
import type { DeliveryProject, DeliveryRepository, NewSegmentRow } from './delivery.repository';
import { createNewContentBudget, type HourlyBudgetLimits } from './new-content-budget';
import type { PageConfirmation } from './page-confirmation';
import { checkPopupCss } from './popup-css';

/**
 * What visitors may add per hour and process: new segments and messages (suggestions, feedback),
 * to one project and from one client address within it (a tenth, so one client cannot spend it all).
 */
export const DEFAULT_DELIVERY_BUDGETS: DeliveryBudgets = {
  newSegments: { perProject: 2_000, perClient: 200 },
  visitorMessages: { perProject: 300, perClient: 30 },
};

export interface DeliveryBudgets {
  newSegments: HourlyBudgetLimits;
  visitorMessages: HourlyBudgetLimits;
}
/** Translation answers kept in memory (project × language). */
const ANSWER_CACHE_LIMIT = 500;
const HAS_LETTER = /\p{L}/u;

/** Who asks: the `Origin` (or, without one, `Referer`) header of the visitor's request, and its address. */
export interface VisitorRequest {
  origin?: string;
  referer?: string;
  /** The client's address as the server sees it (the request IP): each has its share of a budget. */
  client: string;
}

/** A cacheable answer: its ETag and, unless the caller's copy is current, its body. */
export interface CachedAnswer<T> {
  etag: string;
  notModified: boolean;
  body?: T;
  /** The origin to allow in CORS headers (the page's own), if the request came from a page. */
  allowOrigin?: string;
}

export function createDeliveryService(deps: {
  repository: DeliveryRepository;
  access: ProjectAccess;
  clock: Clock;
  /** Where visitors' suggestions and feedback go (the workspace's queues). */
  suggestions?: Pick<SuggestionsRepository, 'insert' | 'insertFeedback'>;
  /** Confirms reported new content against the server's own fetch of the page. */
  pageConfirmation: PageConfirmation;
  budgets?: DeliveryBudgets;
}) {
  const { repository, clock } = deps;
  const budgets = deps.budgets ?? DEFAULT_DELIVERY_BUDGETS;
  const budget = createNewContentBudget(clock, budgets.newSegments);
  const visitorBudget = createNewContentBudget(clock, budgets.visitorMessages);
  const answers = new Map<
    string,
    { etag: string; body: { language: string; translations: Record<string, string> } }
  >();

  async function requireDeliveredProject(projectId: string): Promise<DeliveryProject> {
    const project = await repository.findProject(projectId);
    if (!project || project.type !== PROJECT_TYPES.website) throw AppError.notFound('The project');
    return project;
  }

  /**
   * The page's origin must be one of the project's domains. Browsers always send `Origin` on
   * cross-origin fetches; a request without one (a crawler, curl) may read but not write.
   */
  function checkOrigin(
    project: DeliveryProject,
    visitor: VisitorRequest,
    isWrite: boolean,
  ): string | undefined {
    const origin = visitor.origin && visitor.origin !== 'null' ? visitor.origin : undefined;
    const host = hostOf(origin ?? visitor.referer);
    if (!host) {
      if (isWrite) throw AppError.forbidden(DELIVERY_MESSAGES.originNotAllowed);
      return undefined;
    }
    if (!isProjectHost(host, project.hosts)) throw AppError.forbidden(DELIVERY_MESSAGES.originNotAllowed);
    return origin;
  }

  function etagOf(project: DeliveryProject, part: string): string {
    return `"v${project.cacheVersion}-${part}"`;
  }

  /** The page a visitor writes from: on the project's domains, in a published target language. */
  function checkVisitorPage(project: DeliveryProject, pageUrl: string, language: string): string {
    const url = normaliseUrl(pageUrl);
    const host = hostOf(url ?? undefined);
    if (!url || !host || !isProjectHost(host, project.hosts)) {
      throw AppError.forbidden(DELIVERY_MESSAGES.originNotAllowed);
    }
    if (!project.targetLanguages.includes(language) || language === project.sourceLanguage) {
      throw AppError.validation([DELIVERY_MESSAGES.languageNotPublished]);
    }
    return url;
  }

  function takeVisitorBudget(projectId: string, visitor: VisitorRequest): void {
    if (visitorBudget.take(projectId, visitor.client, 1) < 1)
      throw AppError.tooManyRequests(VISITOR_MESSAGES.tooMany);
  }

  function requireSuggestions() {
    if (!deps.suggestions)
      throw new Error('The delivery service was built without the suggestions repository');
    return deps.suggestions;
  }

  function forgetAnswers(projectId: string): void {
    for (const key of answers.keys()) if (key.startsWith(`${projectId}|`)) answers.delete(key);
  }

  return {
    /** The settings the snippet needs on every page: languages, exclusions, switcher CSS. */
    async settings(projectId: string, visitor: VisitorRequest, ifNoneMatch?: string) {
      const project = await requireDeliveredProject(projectId);
      const allowOrigin = checkOrigin(project, visitor, false);
      const body = {
        sourceLanguage: project.sourceLanguage,
        languages: project.targetLanguages.filter((code) => code !== project.sourceLanguage),
        ...deliverySettingsOf(project.settings),
        popupCss: project.popupCss,
      };
      const etag = etagOf(project, sourceHash(JSON.stringify(body)).slice(0, 16));
      const notModified = ifNoneMatch === etag;
      return { etag, notModified, allowOrigin, ...(notModified ? {} : { body }) };
    },

    /** Every translation of the project in one language, with an ETag that changes with them. */
    async translations(projectId: string, language: string, visitor: VisitorRequest, ifNoneMatch?: string) {
      const project = await requireDeliveredProject(projectId);
      const allowOrigin = checkOrigin(project, visitor, false);
      if (!project.targetLanguages.includes(language) || language === project.sourceLanguage) {
        throw AppError.validation([DELIVERY_MESSAGES.languageNotPublished]);
      }
      const etag = etagOf(project, await repository.translationsFingerprint(project.id, language));
      if (ifNoneMatch === etag) return { etag, notModified: true, allowOrigin };
      const key = `${project.id}|${language}`;
      let answer = answers.get(key);
      if (answer?.etag !== etag) {
        const rows = await repository.listTranslations(project.id, language);
        const translations: Record<string, string> = {};
        for (const row of rows) translations[row.sourceHash] = row.text;
        answer = { etag, body: { language, translations } };
        if (answers.size >= ANSWER_CACHE_LIMIT) answers.clear();
        answers.set(key, answer);
      }
      return { etag, notModified: false, allowOrigin, body: answer.body };
    },

    /**
     * New content seen on a page: segments the project does not know are added as new, within the
     * project's scope (its domains, pages not taken out of scope, ignore patterns) and budget, and
     * only those the server's own fetch of the page confirms (any script can forge `Origin`).
     * `confirmed` is false when the page could not be fetched: then nothing is stored.
     */
    async reportSegments(
      projectId: string,
      visitor: VisitorRequest,
      report: { url: string; segments: readonly { text: string; kind: string }[] },
    ) {
      const project = await requireDeliveredProject(projectId);
      const allowOrigin = checkOrigin(project, visitor, true);
      const url = normaliseUrl(report.url);
      const host = hostOf(url ?? undefined);
      if (!url || !host || !isProjectHost(host, project.hosts))
        return { accepted: 0, confirmed: true, allowOrigin };
      const page = await repository.findPage(project.id, url);
      if (page && !page.inScope) return { accepted: 0, confirmed: true, allowOrigin };
      const ignore = compileIgnorePatterns(parseIgnorePatternSettings(project.settings.ignorePatterns));
      const rows = new Map<string, NewSegmentRow>();
      for (const segment of report.segments) {
        if (!(SEGMENT_KINDS as readonly string[]).includes(segment.kind)) continue;
        const plain = stripPlaceholders(segment.text);
        if (!HAS_LETTER.test(plain)) continue;
        if (ignore.some((matches) => matches(plain))) continue;
        const hash = sourceHash(segment.text);
        rows.set(hash, {
          sourceHash: hash,
          text: segment.text,
          kind: segment.kind,
          wordCount: countWords(plain),
        });
      }
      // Known segments cost neither a fetch nor budget.
      for (const hash of await repository.knownHashes(project.id, [...rows.keys()])) rows.delete(hash);
      if (rows.size === 0) return { accepted: 0, confirmed: true, allowOrigin };
      const onPage = await deps.pageConfirmation.confirm(project.id, url, project.hosts);
      if (!onPage) return { accepted: 0, confirmed: false, allowOrigin };
      for (const hash of rows.keys()) if (!onPage.has(hash)) rows.delete(hash);
      const granted = budget.take(project.id, visitor.client, rows.size);
      const accepted = await repository.insertNewSegments(
        project,
        [...rows.values()].slice(0, granted),
        clock.now(),
      );
      return { accepted, confirmed: true, allowOrigin };
    },

    /** Counts a page view per day, URL and language. */
    async countVisit(projectId: string, visitor: VisitorRequest, visit: { url: string; language: string }) {
      const project = await requireDeliveredProject(projectId);
      const allowOrigin = checkOrigin(project, visitor, true);
      const url = normaliseUrl(visit.url);
      const host = hostOf(url ?? undefined);
      const isLanguage =
        visit.language === project.sourceLanguage || project.targetLanguages.includes(visit.language);
      if (!url || !host || !isProjectHost(host, project.hosts) || !isLanguage)
        return { counted: false, allowOrigin };
      const day = clock.now().toISOString().slice(0, 10);
      await repository.countVisit(project, { day, hostname: host, url, language: visit.language });
      return { counted: true, allowOrigin };
    },

    /**
     * A delivery setting changed (font sizes, no-translation nodes…): translated output depends
     * on them, so every cached answer of the project (snippet ETags, proxy pages) goes stale.
     */
    async settingsChanged(projectId: string): Promise<void> {
      const project = await repository.findProject(projectId);
      if (!project) return;
      await repository.bumpCacheVersion(project, clock.now());
      forgetAnswers(project.id);
    },

    /**
     * A visitor's better translation of one segment, into the workspace's suggestion queue as
     * `new`. The source text and the translation shown come from the database, not the browser.
     */
    async suggest(
      projectId: string,
      visitor: VisitorRequest,
      request: { url: string; language: string; sourceHash: string; text: string; suggestedBy?: string },
    ) {
      const project = await requireDeliveredProject(projectId);
      const allowOrigin = checkOrigin(project, visitor, true);
      const url = checkVisitorPage(project, request.url, request.language);
      const segment = await repository.findSegmentForSuggestion(
        project.id,
        request.sourceHash,
        request.language,
      );
      if (!segment) throw AppError.notFound(VISITOR_MESSAGES.unknownSegment);
      takeVisitorBudget(project.id, visitor);
      const row = await requireSuggestions().insert({
        organisationId: project.organisationId,
        projectId: project.id,
        segmentId: segment.id,
        sourceHash: request.sourceHash,
        sourceText: segment.text,
        targetLang: request.language,
        text: request.text,
        currentTarget: segment.currentTarget,
        status: SUGGESTION_STATUS.new,
        url,
        suggestedBy: request.suggestedBy || null,
        createdAt: clock.now(),
      });
      return { id: row.id, allowOrigin };
    },

    /** A visitor's feedback on a translated page (and optionally one segment of it). */
    async feedback(
      projectId: string,
      visitor: VisitorRequest,
      request: {
        url: string;
        language: string;
        rating?: number;
        comment: string;
        sourceHash?: string;
        createdBy?: string;
      },
    ) {
      const project = await requireDeliveredProject(projectId);
      const allowOrigin = checkOrigin(project, visitor, true);
      const url = checkVisitorPage(project, request.url, request.language);
      takeVisitorBudget(project.id, visitor);
      const row = await requireSuggestions().insertFeedback({
        organisationId: project.organisationId,
        projectId: project.id,
        targetLang: request.language,
        url,
        sourceHash: request.sourceHash ?? null,
        rating: request.rating ?? null,
        comment: request.comment,
        createdBy: request.createdBy || null,
        createdAt: clock.now(),
      });
      return { id: row.id, allowOrigin };
    },

    /** snippet/cache/clear: every delivery answer of the project goes stale at once. */
    async clearCache(principal: Principal, projectId: string): Promise<void> {
      const project = await deps.access.requireManageable(principal, projectId);
      await repository.bumpCacheVersion(project, clock.now());
      forgetAnswers(project.id);
    },

    async fetchPopupCss(principal: Principal, projectId: string): Promise<string> {
      const project = await deps.access.requireVisible(principal, projectId);
      return (await repository.findProject(project.id))?.popupCss ?? '';
    },

    async updatePopupCss(principal: Principal, projectId: string, css: string): Promise<string> {
      const project = await deps.access.requireManageable(principal, projectId);
      const checked = checkPopupCss(css, (await repository.findProject(project.id))?.hosts ?? []);
      await repository.savePopupCss(project, checked, clock.now());
      return checked;
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
