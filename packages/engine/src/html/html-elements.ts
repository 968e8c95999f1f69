/**
 * How the segmenter treats each HTML element.
 *
 * Categories follow the HTML Living Standard, §3.2.5.2 "Kinds of content": phrasing content stays
 * inside a sentence (it becomes a placeholder), everything else cuts segments. Unknown elements
 * (custom elements included) cut segments too: splitting a sentence is less harmful than gluing
 * two unrelated blocks together.
 */

/** Phrasing elements that become placeholders inside a segment (HTML §3.2.5.2.5, plus legacy inline tags). */
export const INLINE_ELEMENTS: ReadonlySet<string> = new Set([
  'a',
  'abbr',
  'acronym',
  'b',
  'bdi',
  'bdo',
  'big',
  'br',
  'cite',
  'data',
  'del',
  'dfn',
  'em',
  'font',
  'i',
  'img',
  'input',
  'ins',
  'kbd',
  'link',
  'mark',
  'meta',
  'nobr',
  'picture',
  'q',
  'rp',
  'rt',
  'ruby',
  's',
  'samp',
  'small',
  'source',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'time',
  'tt',
  'u',
  'var',
  'wbr',
]);

/** Void elements (HTML §13.1.2): they have no end tag and become `<xN/>` placeholders. */
export const VOID_ELEMENTS: ReadonlySet<string> = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/** Elements whose whole subtree is never translated: code, scripts, styles, templates, foreign content. */
export const SKIPPED_ELEMENTS: ReadonlySet<string> = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'code',
  'pre',
  'svg',
  'math',
  'textarea',
  'iframe',
  'canvas',
  'xmp',
  'plaintext',
  'listing',
]);

/**
 * Skipped elements that may sit inside a sentence; there they become one opaque placeholder that
 * carries their original HTML untouched ("Run <x1/> first" for `Run <code>npm ci</code> first`).
 */
export const OPAQUE_INLINE_ELEMENTS: ReadonlySet<string> = new Set([
  'code',
  'svg',
  'math',
  'script',
  'noscript',
  'template',
  'style',
  'textarea',
  'iframe',
  'canvas',
]);

/** Attributes that carry visible or spoken text, per element (`*` = any element). */
export const TRANSLATABLE_ATTRIBUTES: ReadonlyMap<string, ReadonlySet<string> | '*'> = new Map<
  string,
  ReadonlySet<string> | '*'
>([
  ['alt', new Set(['img', 'area', 'input'])],
  ['title', '*'],
  ['placeholder', new Set(['input', 'textarea'])],
  ['aria-label', '*'],
  ['label', new Set(['option', 'optgroup', 'track'])],
]);

/** Elements whose `title` attribute is not shown to anyone (document metadata, HTML §4.2). */
export const METADATA_ELEMENTS: ReadonlySet<string> = new Set([
  'base',
  'link',
  'meta',
  'script',
  'style',
  'head',
  'html',
]);

/** `<input type>` values whose `value` attribute is the visible button label (HTML §4.10.5.1). */
export const BUTTON_INPUT_TYPES: ReadonlySet<string> = new Set(['button', 'submit', 'reset']);

/** `<meta name|property>` values whose `content` is page text shown in search results and link previews. */
export const TRANSLATABLE_META_NAMES: ReadonlySet<string> = new Set([
  'description',
  'og:title',
  'og:description',
  'og:site_name',
  'og:image:alt',
  'twitter:title',
  'twitter:description',
  'twitter:image:alt',
]);
