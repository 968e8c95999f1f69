import { pluralForms, targetPluralMessage } from '@bhasha/engine';
import type { MtResult, MtSegment } from '@bhasha/mt';

/** A chunk as the engine is sent it, and the way back from the engine's results to the chunk. */
export interface EngineSegments {
  segments: MtSegment[];
  /** One translation per chunk segment, in chunk order; null where the answer was unusable. */
  collect(results: readonly MtResult[]): (string | null)[];
}

type Outgoing =
  { kind: 'plain'; at: number } | { kind: 'plural'; variable: string; categories: string[]; at: number };

/** What the engine answered for one segment it was sent: null when it gave the source back. */
function usable(result: MtResult | undefined): string | null {
  return !result || result.status === 'source' ? null : result.translation;
}

/**
 * A plural (its text an ICU plural message) goes to the engine as its source forms, one segment
 * each, in the same request as the rest of the chunk, so the provider protects and repairs each
 * form's markers as it does any segment's and no engine ever sees ICU syntax. Its translation is
 * rebuilt with exactly the target language's categories (`targetPluralMessage`: a category the
 * source lacks takes `other`). A plural with any form unusable stays untranslated as a whole:
 * half a plural in the source language would ship.
 */
export function engineSegments(
  chunk: readonly { id: string; text: string }[],
  targetLang: string,
): EngineSegments {
  const segments: MtSegment[] = [];
  const outgoing: Outgoing[] = chunk.map(({ id, text }) => {
    const at = segments.length;
    const plural = pluralForms(text);
    if (!plural) {
      segments.push({ id, text });
      return { kind: 'plain', at };
    }
    for (const [category, form] of plural.forms) segments.push({ id: `${id}#${category}`, text: form });
    return { kind: 'plural', variable: plural.variable, categories: [...plural.forms.keys()], at };
  });
  return {
    segments,
    collect(results) {
      return outgoing.map((item) => {
        if (item.kind === 'plain') return usable(results[item.at]);
        const forms = new Map<string, string>();
        for (const [offset, category] of item.categories.entries()) {
          const translation = usable(results[item.at + offset]);
          if (translation === null) return null;
          forms.set(category, translation);
        }
        return targetPluralMessage(forms, targetLang, item.variable);
      });
    },
  };
}
