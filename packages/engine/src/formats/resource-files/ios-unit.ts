import type { IosUnit } from '../ios-strings/types';
import { commentAnnotations } from './hints';
import type { ResourceUnit } from './types';

/** A `.strings` entry or a plain (non-plural) stringsdict/catalog text as a resource unit. */
export function plainIosUnit(unit: IosUnit): ResourceUnit {
  return {
    id: unit.id,
    key: unit.key,
    text: unit.text,
    plural: false,
    placeholders: unit.placeholders.map((placeholder) => placeholder.code),
    line: unit.line,
    ...commentAnnotations(unit.comment),
  };
}
