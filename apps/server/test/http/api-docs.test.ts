import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import { buildTestApp, type TestApp } from '../support/test-app';

interface Operation {
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  responses: Record<string, { $ref?: string }>;
}
interface Document {
  openapi: string;
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, { type: string; in: string; name: string }>;
    responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }>;
    schemas: Record<string, object>;
  };
}

/** Every `$ref` in a JSON value. */
function refsOf(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsOf(item, found);
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value))
      if (key === '$ref' && typeof item === 'string') found.push(item);
      else refsOf(item, found);
  return found;
}

describe('the API reference at /api/docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('serves a reference page that loads only same-origin assets under a strict CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval|https:)/);
    expect(page.body).not.toMatch(/<script>|<script [^>]*>[^<\s]/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(4);
    for (const asset of assets) {
      expect(asset, asset).toMatch(/^\/api\/docs\/static\//);
      const response = await t.app.inject({ method: 'GET', url: asset });
      expect(response.statusCode, asset).toBe(200);
    }
    const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain("resolveUrl('./json')");
    // Nothing loaded from elsewhere (a comment's link is not a load).
    expect(initializer.body).not.toMatch(/(src|url|href)\s*[:=]\s*['"`](https?:)?\/\//);
  });

  it('serves the OpenAPI document: feature tags, API-key scheme and failure answers on every call', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<Document>();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.components.securitySchemes.apikey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
    });
    // Every reference resolves inside the document.
    for (const ref of new Set(refsOf(document))) {
      const target = ref
        .replace(/^#\//, '')
        .split('/')
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
      expect(target, ref).toBeDefined();
    }
    // The failure envelope is a schema a validator accepts, and it describes real failures.
    const failure = new Ajv({ strict: false }).compile(document.components.schemas.Failure!);
    expect(failure({ success: false, message: 'Not found' })).toBe(true);
    expect(failure({ success: true, message: 'ok' })).toBe(false);

    const tags = new Set(document.tags.map((tag) => tag.name));
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ key: `${method} ${path}`, operation })),
    );
    expect(operations.length).toBeGreaterThan(100);
    for (const { key, operation } of operations) {
      for (const tag of operation.tags ?? []) expect(tags.has(tag), `${key}: tag ${tag}`).toBe(true);
      expect(operation.responses['429'], key).toEqual({ $ref: '#/components/responses/TooManyRequests' });
      if (operation.security?.length) {
        expect(operation.security, key).toContainEqual({ apikey: [] });
        expect(operation.responses['401'], key).toEqual({ $ref: '#/components/responses/Unauthorized' });
        expect(operation.responses['403'], key).toBeDefined();
      }
    }
    const apply = document.paths['/api/translation/nmt/apply']!.post!;
    expect(Object.keys(apply.responses).sort()).toEqual(['200', '400', '401', '403', '404', '429']);
    const health = document.paths['/api/health']!.get!;
    expect(Object.keys(health.responses).sort()).toEqual(['200', '429']);
    // The reference's own routes are not part of the API it documents.
    expect(Object.keys(document.paths).some((path) => path.startsWith('/api/docs'))).toBe(false);
  });
});
