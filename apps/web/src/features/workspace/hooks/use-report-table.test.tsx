import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/app-providers';
import { useReportTable } from './use-report-table';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const wrapper = ({ children }: { children: ReactNode }) => <AppProviders>{children}</AppProviders>;

describe('useReportTable', () => {
  it('pages, filters by language (back to page 1) and downloads the filtered CSV', async () => {
    const requests: { path: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init: RequestInit = {}) => {
        const path = new URL(input, 'http://localhost').pathname;
        requests.push({ path, body: JSON.parse(init.body as string) });
        if (path === '/api/project/details')
          return Promise.resolve(
            Response.json({ success: true, data: { project: { id: 'p1', targetLanguages: ['hi', 'ta'] } } }),
          );
        return Promise.resolve(new Response('id,comment\r\n', { headers: { 'content-type': 'text/csv' } }));
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() });

    const { result } = renderHook(
      () =>
        useReportTable('p1', { pageSize: 20, csv: { path: 'feedback/csv/get', fileName: 'feedbackReport' } }),
      { wrapper },
    );
    expect(result.current.query).toEqual({ pageNumber: 1, pageSize: 20 });
    await waitFor(() =>
      expect(result.current.languageSelect.options).toEqual([
        { value: 'hi', label: 'Hindi' },
        { value: 'ta', label: 'Tamil' },
      ]),
    );

    act(() => result.current.pagination(45).onChange(3));
    expect(result.current.query).toEqual({ pageNumber: 3, pageSize: 20 });
    expect(result.current.pagination(45)).toMatchObject({ current: 3, pageSize: 20, total: 45 });
    act(() => result.current.languageSelect.onChange('ta'));
    expect(result.current.query).toEqual({ pageNumber: 1, pageSize: 20, targetLang: 'ta' });
    expect(result.current.languageSelect.value).toBe('ta');

    act(() => result.current.pagination(45).onChange(2));
    act(() => result.current.filterSetter<string>(() => undefined)('x'));
    expect(result.current.query.pageNumber).toBe(1);

    let downloading: Promise<void> | undefined;
    act(() => {
      downloading = result.current.download({ status: 'new' });
    });
    expect(result.current.isDownloading).toBe(true);
    await act(async () => downloading);
    expect(result.current.isDownloading).toBe(false);
    expect(requests.at(-1)).toEqual({
      path: '/api/feedback/csv/get',
      body: { projectId: 'p1', targetLang: 'ta', status: 'new' },
    });
    expect(result.current.languageName(null)).toBe('—');
    expect(result.current.languageName('xx')).toBe('xx');
  });
});
