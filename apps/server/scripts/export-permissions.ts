/**
 * Writes docs/permissions.json (route × role → allowed, plus "own organisation only") from the
 * registered routes' declared access; with --check it fails when the checked-in file is stale
 * (CI), so the matrix always covers every route.
 */
import { buildPermissionMatrix, serialisePermissionMatrix } from '../src/http/permission-matrix';
import { writeOrCheckDocument } from './generated-document';

await writeOrCheckDocument('permissions.json', 'permissions', (app) =>
  serialisePermissionMatrix(buildPermissionMatrix(app.routeAccessTable)),
);
