import type { DisplayType, TranslationType } from '@bhasha/contract';

/**
 * One colour per translation origin, used by the tags, the progress bars and the legend so a
 * translator learns them once: new work orange, machine blue, self green, professional purple.
 */
export const TRANSLATION_TYPE_COLOURS: Readonly<Record<TranslationType, string>> = {
  NO_TRANSLATION_AVAILABLE: '#fa8c16',
  MACHINE: '#1677ff',
  USER: '#52c41a',
  PBK: '#722ed1',
};

/** Display types: translations neutral, transliterations magenta so they stand out in a list. */
export const DISPLAY_TYPE_COLOURS: Readonly<Record<DisplayType, string>> = {
  translation: 'default',
  t13n: 'magenta',
};
