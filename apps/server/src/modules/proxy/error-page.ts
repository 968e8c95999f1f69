import { escapeHtmlText } from '@bhasha/engine';

/** A plain page telling the visitor why the translated page cannot be shown. */
export function errorPage(status: number, title: string, detail: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">' +
    `<title>${escapeHtmlText(title)}</title></head><body><h1>${escapeHtmlText(title)}</h1>` +
    `<p>${escapeHtmlText(detail)}</p><p>Error ${status}</p></body></html>`
  );
}
