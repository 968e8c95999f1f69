import { endpoints, envelopeOf, type Endpoint } from '@bhasha/contract';

interface KnownRoute {
  method: string;
  pattern: RegExp;
  endpoint: Endpoint;
}

/** `/api/…` path patterns of every endpoint in the contract map. */
const KNOWN_ROUTES: KnownRoute[] = Object.values(endpoints).flatMap((group) =>
  Object.values(group).map((endpoint: Endpoint) => ({
    method: endpoint.method,
    pattern: new RegExp(
      `^/api${endpoint.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`,
    ),
    endpoint,
  })),
);

/** The contract endpoint a fake call reaches, if the map has it. */
export function endpointFor(method: string, pathname: string): Endpoint | undefined {
  return KNOWN_ROUTES.find((route) => route.method === method && route.pattern.test(pathname))?.endpoint;
}

const violations: string[] = [];

/**
 * Checks a fake success reply against the endpoint's response schema; a reply that drifted from
 * the contract is recorded, and the test fails when it ends (see setup.ts).
 */
export function checkReply(key: string, endpoint: Endpoint | undefined, status: number, body: unknown): void {
  if (!endpoint?.response || status < 200 || status >= 300) return;
  if (typeof body !== 'object' || body === null || (body as { success?: unknown }).success !== true) return;
  const result = envelopeOf(endpoint.response).safeParse(body);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    violations.push(`${key}: the fake reply does not match the contract (${issues.join('; ')})`);
  }
}

/** Takes the contract violations recorded since the last call. */
export function takeContractViolations(): string[] {
  return violations.splice(0, violations.length);
}
