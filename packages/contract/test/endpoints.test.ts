import { describe, expect, it } from 'vitest';
import { endpoints, type Endpoint } from '../src';

const all: [string, Endpoint][] = Object.entries(endpoints).flatMap(([group, entries]) =>
  Object.entries(entries).map(([name, endpoint]: [string, Endpoint]): [string, Endpoint] => [
    `${group}.${name}`,
    endpoint,
  ]),
);

describe('the endpoint map', () => {
  it('names each call once, by a method and a path under /api', () => {
    const calls = all.map(([, endpoint]) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(calls).size).toBe(calls.length);
    for (const [name, endpoint] of all) expect(endpoint.path, name).toMatch(/^\/[\w\-/:]*$/);
  });

  it('gives every call tags and a summary for the API reference', () => {
    for (const [name, endpoint] of all) {
      expect(endpoint.tags.length, name).toBeGreaterThan(0);
      expect(endpoint.summary.trim(), name).not.toBe('');
    }
  });

  it('sends a body only with POST, and declares every path parameter', () => {
    for (const [name, endpoint] of all) {
      if (endpoint.method === 'GET') expect(endpoint.request, name).toBeUndefined();
      const parameters = endpoint.path.match(/:\w+/g) ?? [];
      if (parameters.length > 0) expect(endpoint.params, name).toBeDefined();
    }
  });
});
