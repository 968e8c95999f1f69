import { androidCodec } from './android-codec';
import type { ResourceCodec } from './codec';
import { stringsCodec } from './strings-codec';
import type { ResourceFormat } from './types';

/** The facade's adapter of each format. */
export const RESOURCE_CODECS: Readonly<Partial<Record<ResourceFormat, ResourceCodec>>> = {
  android: androidCodec,
  'ios-strings': stringsCodec,
};
