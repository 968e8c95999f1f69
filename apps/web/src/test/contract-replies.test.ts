import { describe, expect, it } from 'vitest';
import { checkReply, endpointFor, takeContractViolations } from './contract-replies';

describe('fake replies checked against the contract', () => {
  it('finds the endpoint of a call, path parameters included', () => {
    expect(endpointFor('POST', '/api/project/details')?.path).toBe('/project/details');
    expect(endpointFor('GET', '/api/project/wordcount/p-1')?.path).toBe('/project/wordcount/:id');
    expect(endpointFor('GET', '/api/project/details')).toBeUndefined();
  });

  it('records a success reply that drifted from the response schema', () => {
    const endpoint = endpointFor('POST', '/api/project/crawl');
    checkReply('POST /api/project/crawl', endpoint, 200, { success: true, message: '', data: { crawl: 1 } });
    const violations = takeContractViolations();
    expect(violations).toHaveLength(1);
    expect(violations[0]).toContain('POST /api/project/crawl');
  });

  it('accepts a reply that matches, and leaves failures alone', () => {
    const endpoint = endpointFor('POST', '/api/project/crawl');
    checkReply('POST /api/project/crawl', endpoint, 200, {
      success: true,
      message: 'ok',
      data: { projectId: 'p-1', crawlId: 'c-1', status: 'crawling' },
    });
    checkReply('POST /api/project/crawl', endpoint, 400, { success: false, message: 'no' });
    expect(takeContractViolations()).toEqual([]);
  });
});
