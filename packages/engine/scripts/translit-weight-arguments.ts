/** Parses "name=value,name=value" (the --set argument of the translit evaluation scripts). */
import { DEFAULT_DECODER_WEIGHTS, type DecoderWeights } from '../src/translit/phonetic-decoder';

export function parseWeightArgument(text: string | undefined): Partial<DecoderWeights> {
  const weights: Partial<Record<keyof DecoderWeights, number>> = {};
  for (const item of (text ?? '').split(',').filter(Boolean)) {
    const [name = '', value = ''] = item.split('=');
    if (!(name in DEFAULT_DECODER_WEIGHTS) || !Number.isFinite(Number(value)))
      throw new Error(
        `--set: "${item}" is not weight=number (weights: ${Object.keys(DEFAULT_DECODER_WEIGHTS).join(', ')})`,
      );
    weights[name as keyof DecoderWeights] = Number(value);
  }
  return weights;
}
