import type { FastifyInstance } from 'fastify';
import type { TmxImportState } from '@bhasha/contract';

/** Polls translation/tm/import/tmx/status until the import is completed or failed. */
export async function waitForTmxImport(
  app: FastifyInstance,
  headers: Record<string, string>,
  projectId: string,
  importId: string,
  timeoutMs = 60_000,
): Promise<TmxImportState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/translation/tm/import/tmx/status',
      headers,
      payload: { projectId, importId },
    });
    if (response.statusCode !== 200)
      throw new Error(`status answered ${response.statusCode}: ${response.body}`);
    const state = response.json<{ data: TmxImportState }>().data;
    if (state.status === 'completed' || state.status === 'failed') return state;
    if (Date.now() > deadline) throw new Error(`import still ${state.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
