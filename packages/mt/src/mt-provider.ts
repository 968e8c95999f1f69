/** The engines a deployment can configure; the spec's `nmtService` picks one per call. */
export const MT_SERVICE_IDS = [
  'apertium',
  'libretranslate',
  'google',
  'azure',
  'deepl',
  'aws',
  'bhashini',
  'openai',
  'http',
] as const;

/** One of {@link MT_SERVICE_IDS}. */
export type MtServiceId = (typeof MT_SERVICE_IDS)[number];

/**
 * One text to translate. Inline markup is already replaced by numbered placeholders
 * (`<x1>…</x1>` around content, `<x2/>` for empty elements); everything else is plain text
 * (a literal `&` or `<` is written as is, not as an HTML entity).
 */
export interface MtSegment {
  id: string;
  text: string;
}

/** A term the engine must not translate freely: kept as is (no `target`) or rendered as `target`. */
export interface MtGlossaryTerm {
  source: string;
  target?: string;
  /** Match the source term with its exact case (default: case-insensitive). */
  caseSensitive?: boolean;
}

/** A batch of segments to translate between two languages of the contract's language table. */
export interface MtRequest {
  sourceLang: string;
  targetLang: string;
  segments: readonly MtSegment[];
  /** Terms to protect in every segment (mask terms, glossary entries). */
  glossary?: readonly MtGlossaryTerm[];
  /** Aborting it cancels every request in flight; the call then rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** How a segment's translation came about. */
export const MT_RESULT_STATUSES = {
  /** The engine's translation, placeholders intact. */
  translated: 'translated',
  /** The engine dropped, duplicated or misplaced placeholders and Bhasha put them back. */
  repaired: 'repaired',
  /** The engine's answer was unusable (placeholders lost, empty, too long): the source text is returned. */
  source: 'source',
} as const;

/** One of {@link MT_RESULT_STATUSES}. */
export type MtResultStatus = (typeof MT_RESULT_STATUSES)[keyof typeof MT_RESULT_STATUSES];

/** The translation of one segment, with the same placeholders as its source. */
export interface MtResult {
  id: string;
  translation: string;
  status: MtResultStatus;
  /** What was wrong with the engine's answer (empty when status is `translated`). */
  issues: string[];
}

/** Usage an engine reports for metering (spec: NMT calls, characters and words). */
export interface MtUsage {
  /** Successful HTTP calls to the engine (retries of failed attempts are not counted). */
  requests: number;
  /** Segments sent to the engine. */
  segments: number;
  /** Characters (code points) sent to the engine, placeholders included: what vendors bill. */
  characters: number;
}

/** A call's translations, in the order of the request's segments, and its usage. */
export interface MtResponse {
  results: MtResult[];
  usage: MtUsage;
}

/** A direction an engine can translate, as codes of the contract's language table. */
export interface MtLanguagePair {
  source: string;
  target: string;
}

/** How an adapter cuts and paces work for its vendor. */
export interface MtLimits {
  maxSegmentsPerRequest: number;
  maxCharactersPerRequest: number;
  maxConcurrency: number;
}

/** Characters used and allowed in the vendor's current billing period. */
export interface MtQuota {
  characterCount: number;
  characterLimit?: number;
}

/**
 * A machine translation engine (Apertium, LibreTranslate, cloud vendors, LLMs). Adapters turn
 * this narrow interface into each vendor's wire format; the server chooses one per call.
 */
export interface MtProvider {
  readonly id: MtServiceId;
  /** Display name for messages ("DeepL"). */
  readonly label: string;
  readonly limits: MtLimits;
  /** Directions the engine serves, as codes of the contract's language table (fetched once, then cached). */
  supportedPairs(signal?: AbortSignal): Promise<MtLanguagePair[]>;
  /** Whether the engine serves this direction. */
  supportsPair(sourceLang: string, targetLang: string, signal?: AbortSignal): Promise<boolean>;
  /** Translates every segment; rejects with an `MtError` when the engine fails after retries. */
  translate(request: MtRequest): Promise<MtResponse>;
  /** The vendor's own account of usage, where it offers one (DeepL `/v2/usage`). */
  quota?(signal?: AbortSignal): Promise<MtQuota>;
}
