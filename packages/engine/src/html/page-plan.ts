import { Parser } from 'htmlparser2';
import { VOID_ELEMENTS } from './html-elements';
import { SegmentAssembler } from './segment-assembler';
import type { ExtractOptions, Placeholder } from './segment-types';

/** Attributes holding a URL a visitor follows to another page of the site. */
const LINK_ATTRIBUTES: Readonly<Record<string, string>> = { a: 'href', area: 'href', form: 'action' };

/**
 * Attributes holding the URL of something the page loads (style sheets, scripts, images, fonts
 * through preloads, frames). `style` attributes (CSS `url()`) count on every element.
 */
const ASSET_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  img: ['src', 'srcset'],
  script: ['src'],
  link: ['href'],
  source: ['src', 'srcset'],
  video: ['src', 'poster'],
  audio: ['src'],
  track: ['src'],
  embed: ['src'],
  iframe: ['src'],
  frame: ['src'],
  object: ['data'],
  input: ['src'],
  image: ['href', 'xlink:href'],
  use: ['href', 'xlink:href'],
  base: ['href'],
};

function assetAttributesOf(name: string, attributes: Readonly<Record<string, string>>): string[] {
  const names: string[] = [];
  for (const attribute of ASSET_ATTRIBUTES[name] ?? []) {
    if (attributes[attribute] !== undefined) names.push(attribute);
  }
  if (attributes.style !== undefined && /url\(|@import/i.test(attributes.style)) names.push('style');
  return names;
}

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
  /** Attributes holding URLs the page loads (`srcset` and `style` hold several); see `RenderPageOptions.rewriteAsset`. */
  readonly assetAttributes?: readonly string[];
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
  /** Tags whose only change can be a loaded URL (not in `tags`), in source order. */
  readonly assetTags: readonly TagPlan[];
  /** Source ranges of `<style>` element contents. */
  readonly styleTexts: readonly { start: number; end: number }[];
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

const isSeoLinkTag = (name: string, attributes: Readonly<Record<string, string>>) =>
  name === 'link' && isSeoLink(attributes);

function isSeoLink(attributes: Readonly<Record<string, string>>): boolean {
  const rel = (attributes.rel ?? '').toLowerCase().split(/[\t\n\f\r ]+/);
  return rel.includes('canonical') || (rel.includes('alternate') && attributes.hreflang !== undefined);
}

/** Reads a page once into a `PagePlan` (same segments and hashes as `extractSegments`). */
export function planPage(html: string, options: ExtractOptions = {}): PagePlan {
  const texts: TextPlan[] = [];
  const tagsByStart = new Map<number, TagPlan>();
  const seoLinks: { start: number; end: number }[] = [];
  const styleTexts: { start: number; end: number }[] = [];
  let inStyle = false;
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
      const assetAttributes = assetAttributesOf(tag.name, tag.attributes);
      plan = {
        name: tag.name,
        start: tag.start,
        end: tag.end,
        attributes: tag.attributes,
        translatable: new Map(),
        ...(linkAttribute !== undefined && tag.attributes[linkAttribute] !== undefined
          ? { linkAttribute }
          : {}),
        ...(assetAttributes.length > 0 ? { assetAttributes } : {}),
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
          if (
            !tagsByStart.has(start) &&
            assetAttributesOf(name, attributes).length > 0 &&
            !isSeoLinkTag(name, attributes)
          )
            planFor(current);
          if (name === 'style') inStyle = true;
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
        if (name === 'style') inStyle = false;
        assembler.closeTag(name, start, end);
      },
      ontext: (text) => {
        const start = parser.startIndex;
        const end = parser.endIndex + 1;
        if (inStyle) {
          const last = styleTexts[styleTexts.length - 1];
          if (last?.end === start) last.end = end;
          else styleTexts.push({ start, end });
        }
        assembler.text(text, start, end);
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  assembler.finish();

  if (headInsertAt < 0)
    headInsertAt = afterHeadStart >= 0 ? afterHeadStart : afterHtmlStart >= 0 ? afterHtmlStart : afterDoctype;
  texts.sort((a, b) => a.start - b.start);
  const tags: TagPlan[] = [];
  const assetTags: TagPlan[] = [];
  for (const plan of [...tagsByStart.values()].sort((a, b) => a.start - b.start)) {
    if (plan === htmlTag || plan.linkAttribute !== undefined || plan.translatable.size > 0) tags.push(plan);
    else if (plan.assetAttributes !== undefined) assetTags.push(plan);
  }
  return {
    source: html,
    texts,
    tags,
    assetTags,
    styleTexts,
    ...(htmlTag ? { htmlTag } : {}),
    headInsertAt,
    seoLinks,
    ...(baseHref !== undefined ? { baseHref } : {}),
    ...(canonicalHref !== undefined ? { canonicalHref } : {}),
    sourceHashes: [...hashes],
  };
}
