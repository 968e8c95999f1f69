/** One text to translate; inline markup is already replaced by numbered placeholders. */
export interface MtSegment {
  id: string;
  text: string;
}

export interface MtRequest {
  sourceLang: string;
  targetLang: string;
  segments: MtSegment[];
  signal?: AbortSignal;
}

export interface MtResult {
  id: string;
  translation: string;
}

/** Usage an engine reports for metering (spec: NMT calls, characters and words). */
export interface MtUsage {
  requests: number;
  characters: number;
}

/**
 * A machine translation engine (Apertium, LibreTranslate, cloud vendors, LLMs). Adapters turn
 * this narrow interface into each vendor's wire format; the server chooses one per call.
 */
export interface MtProvider {
  readonly id: string;
  /** Language pairs the engine serves, as [source, target] codes of the contract table. */
  supportedPairs(): Promise<Array<[string, string]>>;
  translate(request: MtRequest): Promise<{ results: MtResult[]; usage: MtUsage }>;
}
