/**
 * Writes docs/openapi.json from the registered routes' zod schemas; with --check it fails when
 * the checked-in file is stale (CI), so the document always matches the server.
 */
import { writeOrCheckDocument } from './generated-document';

await writeOrCheckDocument('openapi.json', 'openapi', (app) => `${JSON.stringify(app.swagger(), null, 2)}\n`);
