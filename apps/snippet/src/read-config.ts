/** What the snippet learns from its own `<script>` tag. */
export interface ScriptConfig {
  readonly projectId: string;
  /** Origin of the Bhasha server: `data-api`, or where bhasha.js was loaded from. */
  readonly apiOrigin: string;
}

const PROJECT_ID = /^[A-Za-z0-9-]{1,64}$/;

function findScript(document: Document): HTMLScriptElement | null {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement && current.dataset.projectId) return current;
  // Loaded async or deferred: currentScript is gone; find the tag by its attribute.
  return document.querySelector<HTMLScriptElement>('script[data-project-id]');
}

/** Reads the project id and server origin from the snippet's tag; undefined when the tag is not usable. */
export function readScriptConfig(document: Document): ScriptConfig | undefined {
  const script = findScript(document);
  const projectId = script?.dataset.projectId?.trim() ?? '';
  if (!script || !PROJECT_ID.test(projectId)) return undefined;
  try {
    const apiOrigin = new URL(script.dataset.api ?? script.src, document.baseURI).origin;
    return apiOrigin === 'null' ? undefined : { projectId, apiOrigin };
  } catch {
    return undefined;
  }
}
