import { startApertium as startApertiumServer, type ApertiumServer as Server } from '@bhasha/mt/testing';

export interface ApertiumServer extends Server {
  /** Apertium's own translation of a text (for comparing what the product shows). */
  translate(text: string, langpair: string): Promise<string>;
}

/**
 * The shared apertium-apy launcher (`@bhasha/mt/testing`) with a longer start-up allowance (the
 * product and Chromium start beside it) and a direct translation call for comparisons.
 */
export async function startApertium(): Promise<ApertiumServer> {
  const server = await startApertiumServer({ startTimeoutMs: 60_000 });
  return {
    ...server,
    async translate(text, langpair) {
      const query = new URLSearchParams({ langpair, q: text, markUnknown: 'no' });
      const response = await fetch(`${server.baseUrl}/translate?${query.toString()}`);
      const body = (await response.json()) as { responseData?: { translatedText?: string } };
      const translated = body.responseData?.translatedText;
      if (typeof translated !== 'string') throw new Error(`apertium-apy did not translate "${text}"`);
      return translated;
    },
  };
}
