import { isXmlChar } from '../xml/references';
/**
 * XML character data: the five predefined entities and character references (XML 1.0 §4.1, §4.6).
 * Nothing else: a resource file cannot declare entities (no DOCTYPE is accepted), so no expansion.
 */
const PREDEFINED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** `raw` with its references replaced, or the reason it cannot be (a bare `&`, an unknown name). */
export function decodeXmlReferences(
  raw: string,
): string | { readonly error: string; readonly offset: number } {
  if (!raw.includes('&')) return raw;
  let value = '';
  let from = 0;
  for (let amp = raw.indexOf('&'); amp !== -1; amp = raw.indexOf('&', from)) {
    value += raw.slice(from, amp);
    const semicolon = raw.indexOf(';', amp + 1);
    const name = semicolon === -1 || semicolon - amp > 10 ? undefined : raw.slice(amp + 1, semicolon);
    const text = name === undefined ? undefined : referenceText(name);
    if (text === undefined) {
      const shown = name === undefined ? raw.slice(amp, amp + 12) : `&${name};`;
      return { error: `${shown} is not a reference XML allows (write & as &amp;)`, offset: amp };
    }
    value += text;
    from = semicolon + 1;
  }
  return value + raw.slice(from);
}

function referenceText(name: string): string | undefined {
  const predefined = PREDEFINED[name];
  if (predefined !== undefined) return predefined;
  const code = /^#(?:([0-9]{1,7})|x([0-9a-fA-F]{1,6}))$/.exec(name);
  if (!code) return undefined;
  const point = code[1] !== undefined ? Number(code[1]) : parseInt(code[2]!, 16);
  return isXmlChar(point) ? String.fromCodePoint(point) : undefined;
}

/** Character data escaped for element content (`&`, `<`, `>`). */
export function escapeXmlText(text: string): string {
  return text.replace(/[&<>]/g, (char) => (char === '&' ? '&amp;' : char === '<' ? '&lt;' : '&gt;'));
}

/** Character data for a CDATA section: `]]>` is the one thing it cannot hold, so it is split. */
export function escapeCdata(text: string): string {
  return text.replaceAll(']]>', ']]]]><![CDATA[>');
}
