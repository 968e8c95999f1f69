import { z } from 'zod';
import { LANGUAGE_CODES } from './languages';

/**
 * zod schema of a code of the fixed language table. Apart from the table (`./languages`), which
 * the dashboard's first screen uses without loading zod.
 */
export const languageCodeSchema = z.enum(LANGUAGE_CODES);
