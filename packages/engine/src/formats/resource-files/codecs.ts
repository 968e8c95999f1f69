import { androidCodec } from './android-codec';
import { jsonCodec } from './json-codec';
import type { ResourceCodec } from './codec';
import { stringsCodec } from './strings-codec';
import { stringsdictCodec } from './stringsdict-codec';
import { xcstringsCodec } from './xcstrings-codec';
import type { ResourceFormat } from './types';

/** The facade's adapter of each format. */
export const RESOURCE_CODECS: Readonly<Record<ResourceFormat, ResourceCodec>> = {
  android: androidCodec,
  'ios-strings': stringsCodec,
  stringsdict: stringsdictCodec,
  xcstrings: xcstringsCodec,
  json: jsonCodec,
};
