// Serialisation follows the HTML standard's "serializing HTML fragments" algorithm (§13.3, "escaping a
// string"): text escapes & < >, attribute values & and ". We escape < > in attribute values too,
// which is harmless and keeps older parsers from misreading them. NBSP is kept as the character.

const TEXT_SPECIALS = /[&<>]/g;
const ATTRIBUTE_SPECIALS = /[&<>"]/g;
const ENTITY: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function replaceSpecial(char: string): string {
  return ENTITY[char] ?? char;
}

/** Escapes a string for use as HTML text content. */
export function escapeHtmlText(text: string): string {
  return text.replace(TEXT_SPECIALS, replaceSpecial);
}

/** Escapes a string for use inside a double-quoted HTML attribute value. */
export function escapeHtmlAttribute(value: string): string {
  return value.replace(ATTRIBUTE_SPECIALS, replaceSpecial);
}

/** Serialises a start tag from its name and decoded attributes (values re-encoded, double-quoted). */
export function serialiseStartTag(name: string, attributes: Readonly<Record<string, string>>): string {
  let html = `<${name}`;
  for (const [attribute, value] of Object.entries(attributes)) {
    html += ` ${attribute}="${escapeHtmlAttribute(value)}"`;
  }
  return `${html}>`;
}

/** Serialises an end tag. */
export function serialiseEndTag(name: string): string {
  return `</${name}>`;
}
