import { rewriteCssUrls, rewriteSrcset } from './css-urls';
import type { PagePlan, TagPlan } from './page-plan';
import { restoreSegment } from './restore-segment';
import type { Placeholder } from './segment-types';
import { rewriteStartTag } from './start-tag-rewrite';

/** What to change when rendering a page from its plan. */
export interface RenderPageOptions {
  /** The translation of a source hash (plain segment text with placeholders), or undefined to keep the source. */
  translate(sourceHash: string): string | undefined;
  /** Whether meta tags (description, og:*, twitter:*) are translated; default true. */
  translateMeta?: boolean;
  /** The new value of a link attribute (decoded URL), or undefined to keep it. */
  rewriteLink?(value: string, tag: string): string | undefined;
  /**
   * The new value of a URL the page loads (decoded; style sheets, scripts, images, `srcset`
   * candidates, CSS `url()` in `style` attributes and elements), or undefined to keep it. Without
   * it those URLs are not looked at.
   */
  rewriteAsset?: (value: string) => string | undefined;
  /** Attributes set on `<html>` (lang, dir). */
  htmlAttributes?: Readonly<Record<string, string>>;
  /**
   * Markup inserted into the head (hreflang alternates, canonical). It is written as given: the
   * caller builds it from escaped values only.
   */
  headHtml?: string;
}

// Plans are reused across requests (memoised by page body): the last rendering of each tag and
// text segment is kept per plan object, keyed by its inputs, so an unchanged page in an unchanged
// language skips the attribute scan and the placeholder restore.
const tagMemo = new WeakMap<TagPlan, { key: string; html: string }>();
const textMemo = new WeakMap<PagePlan['texts'][number], { key: string; html: string }>();

function changesKey(changes: ReadonlyMap<string, string | null>): string {
  let key = '';
  for (const [name, value] of changes) key += `${name}\u0000${value ?? '\u0001'}\u0000`;
  return key;
}

const allTags = new WeakMap<PagePlan, readonly TagPlan[]>();

/** The plan's tags and its asset-only tags in source order (made once per plan). */
function withAssetTags(plan: PagePlan): readonly TagPlan[] {
  let tags = allTags.get(plan);
  if (!tags) {
    tags = [...plan.tags, ...plan.assetTags].sort((a, b) => a.start - b.start);
    allTags.set(plan, tags);
  }
  return tags;
}

interface Edit {
  start: number;
  end: number;
  html: string;
}

/** Attribute changes of one tag: translated attribute texts and a rewritten link. */
function tagChanges(tag: TagPlan, options: RenderPageOptions): Map<string, string | null> {
  const changes = new Map<string, string | null>();
  const skip = tag.name === 'meta' && options.translateMeta === false;
  for (const [attribute, hash] of skip ? [] : tag.translatable) {
    const translated = options.translate(hash);
    if (translated !== undefined) changes.set(attribute, translated);
  }
  if (tag.linkAttribute !== undefined && options.rewriteLink) {
    const rewritten = options.rewriteLink(tag.attributes[tag.linkAttribute]!, tag.name);
    if (rewritten !== undefined) changes.set(tag.linkAttribute, rewritten);
  }
  const { rewriteAsset } = options;
  if (tag.assetAttributes !== undefined && rewriteAsset) {
    for (const attribute of tag.assetAttributes) {
      const value = tag.attributes[attribute]!;
      const rewritten =
        attribute === 'srcset'
          ? rewriteSrcset(value, rewriteAsset)
          : attribute === 'style'
            ? rewriteCssUrls(value, rewriteAsset)
            : rewriteAsset(value);
      if (rewritten !== undefined && rewritten !== value) changes.set(attribute, rewritten);
    }
  }
  return changes;
}

/** Splices edits (sorted, not overlapping) into source[from, to). */
function splice(source: string, from: number, to: number, edits: readonly Edit[]): string {
  let html = '';
  let cursor = from;
  for (const edit of edits) {
    html += source.slice(cursor, edit.start) + edit.html;
    cursor = edit.end;
  }
  return html + source.slice(cursor, to);
}

/**
 * Renders one language of a planned page: translated text segments (restored with the source's own
 * inline tags, see `restoreSegment`), translated attributes, rewritten links, `<html lang dir>` and
 * the head tags. Every byte outside those changes is the original page's.
 */
export function renderPage(plan: PagePlan, options: RenderPageOptions): string {
  const { source } = plan;
  const tagEdits = new Map<number, Edit>();
  const changesByStart = new Map<number, Map<string, string | null>>();
  for (const tag of options.rewriteAsset ? withAssetTags(plan) : plan.tags) {
    const changes = tagChanges(tag, options);
    if (tag === plan.htmlTag && options.htmlAttributes) {
      for (const [name, value] of Object.entries(options.htmlAttributes)) changes.set(name, value);
    }
    if (changes.size > 0) {
      changesByStart.set(tag.start, changes);
      const key = changesKey(changes);
      let memo = tagMemo.get(tag);
      if (memo?.key !== key) {
        memo = { key, html: rewriteStartTag(source.slice(tag.start, tag.end), changes) };
        tagMemo.set(tag, memo);
      }
      tagEdits.set(tag.start, { start: tag.start, end: tag.end, html: memo.html });
    }
  }

  // Tag edits inside a replaced text segment travel with its placeholders instead.
  const sortedTagEdits = [...tagEdits.values()].sort((a, b) => a.start - b.start);
  const tagEditsWithin = (from: number, to: number): Edit[] => {
    let lo = 0;
    let hi = sortedTagEdits.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sortedTagEdits[mid]!.start < from) lo = mid + 1;
      else hi = mid;
    }
    const inner: Edit[] = [];
    for (let i = lo; i < sortedTagEdits.length && sortedTagEdits[i]!.start < to; i += 1) {
      if (sortedTagEdits[i]!.end <= to) inner.push(sortedTagEdits[i]!);
    }
    return inner;
  };

  const placeholdersFor = (text: PagePlan['texts'][number]): Placeholder[] =>
    text.placeholders.map((placeholder, index) => {
      const start = text.placeholderStarts[index];
      if (start === undefined) return placeholder;
      if (placeholder.kind === 'paired') {
        // Its html is the start tag serialised from the decoded attributes: change that.
        const changes = changesByStart.get(start);
        return changes ? { ...placeholder, html: rewriteStartTag(placeholder.html, changes) } : placeholder;
      }
      // Void and opaque placeholders carry the source markup of their range: edit it in place.
      const end = start + placeholder.html.length;
      if (source.slice(start, end) !== placeholder.html) {
        // A void element serialised from its decoded attributes (as paired ones are).
        const changes = placeholder.kind === 'void' ? changesByStart.get(start) : undefined;
        return changes ? { ...placeholder, html: rewriteStartTag(placeholder.html, changes) } : placeholder;
      }
      const inner = tagEditsWithin(start, end);
      return inner.length > 0 ? { ...placeholder, html: splice(source, start, end, inner) } : placeholder;
    });

  const edits: Edit[] = [];
  const replaced: { start: number; end: number }[] = [];
  for (const text of plan.texts) {
    const translated = options.translate(text.sourceHash);
    if (translated === undefined) continue;
    const placeholders = placeholdersFor(text);
    // Placeholders changed by links or attributes make the key; untouched ones are the plan's own.
    let key = translated;
    for (let index = 0; index < placeholders.length; index += 1) {
      if (placeholders[index] !== text.placeholders[index])
        key += `\u0000${index}\u0000${placeholders[index]!.html}`;
    }
    let memo = textMemo.get(text);
    if (memo?.key !== key) {
      memo = { key, html: restoreSegment(translated, placeholders) };
      textMemo.set(text, memo);
    }
    edits.push({ start: text.start, end: text.end, html: memo.html });
    replaced.push(text);
  }
  let r = 0;
  for (const edit of sortedTagEdits) {
    while (r < replaced.length && replaced[r]!.end <= edit.start) r += 1;
    const within = r < replaced.length && replaced[r]!.start <= edit.start && edit.end <= replaced[r]!.end;
    if (!within) edits.push(edit);
  }
  if (options.rewriteAsset) {
    for (const style of plan.styleTexts) {
      const css = source.slice(style.start, style.end);
      const rewritten = rewriteCssUrls(css, options.rewriteAsset);
      if (rewritten !== css) edits.push({ start: style.start, end: style.end, html: rewritten });
    }
  }
  if (options.headHtml !== undefined) {
    for (const link of plan.seoLinks) edits.push({ start: link.start, end: link.end, html: '' });
    edits.push({ start: plan.headInsertAt, end: plan.headInsertAt, html: options.headHtml });
  }
  // Stable order; an insertion at an offset goes before an edit that starts there.
  edits.sort((a, b) => a.start - b.start || a.end - a.start - (b.end - b.start));
  return splice(source, 0, source.length, edits);
}
