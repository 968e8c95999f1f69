import type { LanguageOverrides } from '../core/language-map';

/**
 * Product code → the ISO 639-3 code Apertium names its pairs with (`apertium-eng-spa`).
 * Codes already three letters long (mai, awa, kok…) are the same in both.
 */
export const APERTIUM_CODES: LanguageOverrides = {
  en: 'eng', hi: 'hin', od: 'ori', pa: 'pan', gu: 'guj', mr: 'mar', te: 'tel', ta: 'tam', as: 'asm', bn: 'ben',
  ml: 'mal', kn: 'kan', ur: 'urd', sa: 'san', ks: 'kas', sd: 'snd', ne: 'nep', si: 'sin', my: 'mya', dv: 'div',
  bo: 'bod', ps: 'pus', af: 'afr', sq: 'sqi', am: 'amh', ar: 'ara', hy: 'hye', az: 'aze', eu: 'eus', be: 'bel',
  bs: 'bos', bg: 'bul', ca: 'cat', 'zh-CN': 'zho', hr: 'hrv', cs: 'ces', da: 'dan', nl: 'nld', eo: 'epo',
  et: 'est', fi: 'fin', fr: 'fra', gl: 'glg', ka: 'kat', de: 'deu', el: 'ell', ha: 'hau', he: 'heb', hu: 'hun',
  is: 'isl', ig: 'ibo', id: 'ind', ga: 'gle', it: 'ita', ja: 'jpn', jv: 'jav', kk: 'kaz', km: 'khm', ko: 'kor',
  ku: 'kur', ky: 'kir', lo: 'lao', lv: 'lav', lt: 'lit', mk: 'mkd', ms: 'msa', mt: 'mlt', mn: 'mon', no: 'nob',
  fa: 'fas', pl: 'pol', pt: 'por', 'pt-BR': 'por_BR', ro: 'ron', ru: 'rus', sr: 'srp', sk: 'slk', sl: 'slv',
  so: 'som', es: 'spa', sw: 'swa', sv: 'swe', tg: 'tgk', th: 'tha', tr: 'tur', tk: 'tuk', uk: 'ukr', ug: 'uig',
  uz: 'uzb', vi: 'vie', cy: 'cym', xh: 'xho', yi: 'yid', yo: 'yor', zu: 'zul', fil: 'tgl', 'kas-IN': 'kas',
};
