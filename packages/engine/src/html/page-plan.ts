import { Parser } from 'htmlparser2';
import { VOID_ELEMENTS } from './html-elements';
import { SegmentAssembler } from './segment-assembler';
import type { ExtractOptions, Placeholder } from './segment-types';

/** Attributes holding a URL a visitor follows to another page of the site. */
const LINK_ATTRIBUTES: Readonly<Record<string, string>> = { a: 'href', area: 'href', form: 'action' };

/** A start tag of the page that may change: translatable attributes, a link, or `<html>` itself. */
export interface TagPlan {
  readonly name: string;
  /** Source range of the start tag. */
  readonly start: number;
  readonly end: number;
  /** Decoded attributes as the parser read them. */
  readonly attributes: Readonly<Record<string, string>>;
  /** Attribute name → source hash of its text, for attributes that are segments (alt, title, meta content…). */
  readonly translatable: Map<string, string>;
  /** The attribute holding a link to follow (href of a and area, action of form). */
  readonly linkAttribute?: string;
}

/** A text or `<title>` segment: its source range is replaced by the restored translation. */
export interface TextPlan {
  readonly start: number;
  readonly end: number;
  readonly sourceHash: string;
  readonly placeholders: readonly Placeholder[];
  /** Source offset of the markup each placeholder stands for (same order as placeholders). */
  readonly placeholderStarts: readonly number[];
}

/**
 * What a translating proxy needs to know about a page, computed once per distinct page body: where
 * every segment and every changeable tag is, by source offset. Rendering a language from it is a
 * splice of the original string, so all markup the proxy does not change keeps its original bytes.
 */
export interface PagePlan {
  readonly source: string;
  readonly texts: readonly TextPlan[];
  /** Tags with something to change, in source order. */
  readonly tags: readonly TagPlan[];
  /** The `<html>` start tag, when the source has one. */
  readonly htmlTag?: TagPlan;
  /** Where tags for the head go: before `</head>` (or where the head ends implicitly). */
  readonly headInsertAt: number;
  /** Existing `<link rel="canonical">` and `<link rel="alternate" hreflang>` tags, replaced by the proxy's own. */
  readonly seoLinks: readonly { start: number; end: number }[];
  /** The page's `<base href>`, which relative links resolve against. */
  readonly baseHref?: string;
  /** The href of the page's own `<link rel="canonical">`. */
  readonly canonicalHref?: string;
  /** Every source hash the page needs a translation for. */
  readonly sourceHashes: readonly string[];
}

function isSeoLink(attributes: Readonly<Record<string, string>>): boolean {
  const rel = (attributes.rel ?? '').toLowerCase().split(/[\t\n\f\r ]+/);
  return rel.includes('canonical') || (rel.includes('alternate') && attributes.hreflang !== undefined);
}

/** Reads a page once into a `PagePlan` (same segments and hashes as `extractSegments`). */
export function planPage(html: string, options: ExtractOptions = {}): PagePlan {
  const texts: TextPlan[] = [];
  const tagsByStart = new Map<number, TagPlan>();
  const seoLinks: { start: number; end: number }[] = [];
  const hashes = new Set<string>();
  let current: { name: string; attributes: Record<string, string>; start: number; end: number } | undefined;
  let htmlTag: TagPlan | undefined;
  let headInsertAt = -1;
  let afterHeadStart = -1;
  let afterHtmlStart = -1;
  let afterDoctype = 0;
  let baseHref: string | undefined;
  let canonicalHref: string | undefined;

  const planFor = (tag: NonNullable<typeof current>): TagPlan => {
    let plan = tagsByStart.get(tag.start);
    if (!plan) {
      const linkAttribute = LINK_ATTRIBUTES[tag.name];
      plan = {
        name: tag.name,
        start: tag.start,
        end: tag.end,
        attributes: tag.attributes,
        translatable: new Map(),
        ...(linkAttribute !== undefined && tag.attributes[linkAttribute] !== undefined
          ? { linkAttribute }
          : {}),
      };
      tagsByStart.set(tag.start, plan);
    }
    return plan;
  };

  const assembler = new SegmentAssembler(html, options, (segment, placeholderStarts) => {
    hashes.add(segment.sourceHash);
    if (segment.kind === 'attribute' || segment.kind === 'meta') {
      if (current && current.start === segment.start)
        planFor(current).translatable.set(segment.attribute!, segment.sourceHash);
      return;
    }
    texts.push({
      start: segment.start,
      end: segment.end,
      sourceHash: segment.sourceHash,
      placeholders: segment.placeholders,
      placeholderStarts,
    });
  });

  const parser: Parser = new Parser(
    {
      onprocessinginstruction: () => {
        afterDoctype = parser.endIndex + 1;
      },
      onopentag: (name, attributes, isImplied) => {
        const start = parser.startIndex;
        const end = isImplied ? start : parser.endIndex + 1;
        current = { name, attributes, start, end };
        if (!isImplied) {
          if (name === 'html' && htmlTag === undefined) htmlTag = planFor(current);
          else if (name === 'head' && afterHeadStart < 0) afterHeadStart = end;
          else if (name === 'base' && baseHref === undefined && attributes.href !== undefined)
            baseHref = attributes.href;
          else if (name === 'link' && isSeoLink(attributes)) {
            seoLinks.push({ start, end });
            if (canonicalHref === undefined && /(?:^|\s)canonical(?:\s|$)/i.test(attributes.rel ?? ''))
              canonicalHref = attributes.href;
          } else if (LINK_ATTRIBUTES[name] !== undefined && attributes[LINK_ATTRIBUTES[name]] !== undefined)
            planFor(current);
        }
        if (name === 'html' && afterHtmlStart < 0) afterHtmlStart = end;
        assembler.openTag(name, attributes, start, end);
      },
      onclosetag: (name, isImplied) => {
        const [start, end] = VOID_ELEMENTS.has(name)
          ? [parser.startIndex, parser.endIndex + 1]
          : isImplied
            ? [parser.startIndex, parser.startIndex]
            : [parser.startIndex, parser.endIndex + 1];
        if (name === 'head' && headInsertAt < 0) headInsertAt = start;
        assembler.closeTag(name, start, end);
      },
      ontext: (text) => assembler.text(text, parser.startIndex, parser.endIndex + 1),
    },
    { decodeEntities: true },
  );
  parser.end(html);
  assembler.finish();

  if (headInsertAt < 0)
    headInsertAt = afterHeadStart >= 0 ? afterHeadStart : afterHtmlStart >= 0 ? afterHtmlStart : afterDoctype;
  texts.sort((a, b) => a.start - b.start);
  const tags = [...tagsByStart.values()].sort((a, b) => a.start - b.start);
  return {
    source: html,
    texts,
    tags,
    ...(htmlTag ? { htmlTag } : {}),
    headInsertAt,
    seoLinks,
    ...(baseHref !== undefined ? { baseHref } : {}),
    ...(canonicalHref !== undefined ? { canonicalHref } : {}),
    sourceHashes: [...hashes],
  };
}
