import { describe, expect, it } from 'vitest';
import { isSupportedSelector, matchesSelector, parseSelectorList, type SelectorElement } from '../../src';

const html: SelectorElement = { name: 'html', attributes: {} };
const main: SelectorElement = { name: 'main', attributes: { id: 'content', class: 'page  wide' } };
const list: SelectorElement = { name: 'ul', attributes: { 'data-kind': 'menu' } };
const item: SelectorElement = {
  name: 'li',
  attributes: { class: 'item active', lang: 'hi-IN', title: 'Main menu' },
};

function matches(selector: string, element: SelectorElement, ancestors: SelectorElement[]): boolean {
  return matchesSelector(parseSelectorList(selector), element, ancestors);
}

describe('CSS selectors for no-translation nodes', () => {
  it('matches type, universal, id, class and attribute selectors', () => {
    const ancestors = [html, main, list];
    for (const selector of [
      'li',
      '*',
      'li.item',
      '.item.active',
      '[lang]',
      '[lang|=hi]',
      '[title^=Main]',
      '[title$="menu"]',
      "[title*='n m']",
      '[class~=active]',
      'LI',
    ]) {
      expect(matches(selector, item, ancestors), selector).toBe(true);
    }
    for (const selector of [
      'ul',
      '.missing',
      '#content',
      '[lang=hi]',
      '[title^=menu]',
      '.item.missing',
      '[class~=act]',
    ]) {
      expect(matches(selector, item, ancestors), selector).toBe(false);
    }
    expect(matches('#content', main, [html])).toBe(true);
    expect(matches('.wide', main, [html])).toBe(true);
  });

  it('matches descendant and child combinators and selector lists', () => {
    const ancestors = [html, main, list];
    expect(matches('main li', item, ancestors)).toBe(true);
    expect(matches('#content [data-kind=menu] > li.item', item, ancestors)).toBe(true);
    expect(matches('main > li', item, ancestors)).toBe(false);
    expect(matches('html > main > ul > li', item, ancestors)).toBe(true);
    expect(matches('footer li, .active', item, ancestors)).toBe(true);
    expect(matches('footer li', item, ancestors)).toBe(false);
  });

  it('refuses what it does not support', () => {
    for (const selector of ['', 'a:hover', 'a + b', 'a ~ b', '> a', 'a >', 'a,,b', 'li::before']) {
      expect(isSupportedSelector(selector), selector).toBe(false);
    }
    expect(isSupportedSelector('.notranslate, #brand, [data-no-translate], header nav > a')).toBe(true);
  });
});
