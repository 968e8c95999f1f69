import { MtError, isMtError } from '../mt-error';
import type {
  MtLanguagePair,
  MtLimits,
  MtProvider,
  MtRequest,
  MtResponse,
  MtResult,
  MtServiceId,
} from '../mt-provider';
import { chunkByLimits, countCodePoints } from './batching';
import { maskGlossaryTerms, unmaskGlossaryTerms, type GlossaryMask } from './glossary-mask';
import { fromWire, toWire, type WireFormat } from './html-escape';
import { languageName } from './language-map';
import { createLimiter } from './limiter';
import { restorePlaceholders } from './restore-placeholders';

/** A segment as it goes on the wire: escaped for the vendor, glossary terms masked. */
export interface WireSegment {
  text: string;
  /** The glossary placeholders inside `text`, for engines that can use them (LLM prompts). */
  masks: readonly GlossaryMask[];
}

/** The direction of one batch, in product and vendor codes. */
export interface BatchContext {
  sourceLang: string;
  targetLang: string;
  source: string;
  target: string;
  signal: AbortSignal;
}

/** An adapter's answer to one batch: one wire text per segment, in order. */
export interface BatchAnswer {
  translations: string[];
  /** HTTP calls made for the batch (default 1). */
  requests?: number;
}

/** What an adapter implements; {@link createBatchProvider} adds batching, pacing and placeholder care. */
export interface BatchEngine {
  id: MtServiceId;
  label: string;
  format: WireFormat;
  limits: MtLimits;
  /** Vendor code of a product language, or undefined when the vendor has none. */
  toVendorCode(code: string, role: 'source' | 'target'): string | undefined;
  translateBatch(segments: WireSegment[], context: BatchContext): Promise<BatchAnswer>;
  fetchPairs(signal?: AbortSignal): Promise<MtLanguagePair[]>;
  /** Size of a wire text against `limits.maxCharactersPerRequest` (default: code points; AWS counts UTF-8 bytes). */
  measure?: (text: string) => number;
  /** Consult the pair list before translating (engines whose error for a bad pair is vague). */
  shouldCheckPairs?: boolean;
}

interface PreparedSegment {
  index: number;
  original: string;
  masked: string;
  wire: WireSegment;
}

const HAS_LETTER = /\p{L}/u;

function unsupportedPair(label: string, sourceLang: string, targetLang: string, detail?: string): MtError {
  return new MtError({
    code: 'UNSUPPORTED_PAIR',
    engine: label,
    message: `${label} cannot translate from ${languageName(sourceLang)} to ${languageName(targetLang)}.`,
    detail,
  });
}

/** Error for a direction an engine does not serve, with the user-facing message every adapter shares. */
export function unsupportedPairError(
  label: string,
  sourceLang: string,
  targetLang: string,
  detail?: string,
): MtError {
  return unsupportedPair(label, sourceLang, targetLang, detail);
}

/** Wraps a {@link BatchEngine} into an {@link MtProvider}. */
export function createBatchProvider(engine: BatchEngine): MtProvider {
  const limiter = createLimiter(engine.limits.maxConcurrency);
  const measure = engine.measure ?? countCodePoints;
  let pairsCache: Promise<MtLanguagePair[]> | undefined;

  const supportedPairs = (signal?: AbortSignal): Promise<MtLanguagePair[]> => {
    pairsCache ??= engine.fetchPairs(signal).catch((error: unknown) => {
      pairsCache = undefined;
      throw error;
    });
    return pairsCache;
  };

  const supportsPair = async (
    sourceLang: string,
    targetLang: string,
    signal?: AbortSignal,
  ): Promise<boolean> => {
    const pairs = await supportedPairs(signal);
    return pairs.some((pair) => pair.source === sourceLang && pair.target === targetLang);
  };

  const translate = async (request: MtRequest): Promise<MtResponse> => {
    const { sourceLang, targetLang, signal } = request;
    const source = engine.toVendorCode(sourceLang, 'source');
    const target = engine.toVendorCode(targetLang, 'target');
    if (!source || !target || sourceLang === targetLang)
      throw unsupportedPair(engine.label, sourceLang, targetLang);
    if (engine.shouldCheckPairs && !(await supportsPair(sourceLang, targetLang, signal))) {
      throw unsupportedPair(engine.label, sourceLang, targetLang);
    }

    const results: MtResult[] = request.segments.map((segment) => ({
      id: segment.id,
      translation: segment.text,
      status: 'translated',
      issues: [],
    }));
    const toSend: PreparedSegment[] = [];
    request.segments.forEach((segment, index) => {
      if (!HAS_LETTER.test(segment.text.replace(/<\/?x\d+\/?>/g, ''))) return;
      const { text: masked, masks } = maskGlossaryTerms(segment.text, request.glossary ?? []);
      const wire = { text: toWire(masked, engine.format), masks };
      if (measure(wire.text) > engine.limits.maxCharactersPerRequest) {
        results[index] = {
          id: segment.id,
          translation: segment.text,
          status: 'source',
          issues: [`longer than ${engine.label} accepts in one request`],
        };
        return;
      }
      toSend.push({ index, original: segment.text, masked, wire });
    });

    const batches = chunkByLimits(
      toSend,
      (item) => measure(item.wire.text),
      engine.limits.maxSegmentsPerRequest,
      engine.limits.maxCharactersPerRequest,
    );
    const controller = new AbortController();
    const inner = signal ? AbortSignal.any([signal, controller.signal]) : controller.signal;
    const usage = { requests: 0, segments: 0, characters: 0 };

    const runBatch = async (batch: PreparedSegment[]): Promise<void> => {
      const answer = await limiter.run(async () => {
        inner.throwIfAborted();
        try {
          return await engine.translateBatch(
            batch.map((item) => item.wire),
            { sourceLang, targetLang, source, target, signal: inner },
          );
        } catch (error) {
          // Vendors word a refused direction their own way; users get one message naming the languages.
          if (isMtError(error, 'UNSUPPORTED_PAIR'))
            throw unsupportedPair(engine.label, sourceLang, targetLang, error.detail);
          throw error;
        }
      });
      if (answer.translations.length !== batch.length) {
        throw new MtError({
          code: 'BAD_RESPONSE',
          engine: engine.label,
          detail: `expected ${batch.length} translations, got ${answer.translations.length}`,
        });
      }
      usage.requests += answer.requests ?? 1;
      usage.segments += batch.length;
      batch.forEach((item, position) => {
        usage.characters += countCodePoints(item.wire.text);
        const restored = restorePlaceholders(
          item.masked,
          fromWire(answer.translations[position] ?? '', engine.format),
        );
        const id = request.segments[item.index]?.id ?? '';
        results[item.index] =
          restored.status === 'source'
            ? { id, translation: item.original, status: 'source', issues: restored.issues }
            : {
                id,
                translation: unmaskGlossaryTerms(restored.text, item.wire.masks),
                status: restored.status,
                issues: restored.issues,
              };
      });
    };

    try {
      await Promise.all(
        batches.map((batch) =>
          runBatch(batch).catch((error: unknown) => {
            controller.abort(error);
            throw error;
          }),
        ),
      );
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw error;
    }
    return { results, usage };
  };

  return {
    id: engine.id,
    label: engine.label,
    limits: engine.limits,
    supportedPairs,
    supportsPair,
    translate,
  };
}
