import { STORAGE_KEYS } from '@bhasha/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appToaster } from '../../../lib/api/app-toaster';
import { downloadCsv } from './download-csv';

describe('downloadCsv', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('posts the filter with the session headers and saves the file under the spec name', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'tok');
    const fetchMock = vi.fn(() =>
      Promise.resolve(new Response('suggestionId,action\r\n', { headers: { 'content-type': 'text/csv' } })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() });

    expect(
      await downloadCsv('suggestion/download', { projectId: 'p1', status: 'new' }, 'suggestionReport'),
    ).toBe(true);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/suggestion/download');
    expect(JSON.parse(init.body as string)).toEqual({ projectId: 'p1', status: 'new' });
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('suggestionReport.csv');
  });

  it('shows the server message when the download fails and saves nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({ success: false, message: 'Some Error Occured while fetching project report' }),
            {
              status: 500,
              headers: { 'content-type': 'application/json' },
            },
          ),
        ),
      ),
    );
    // Not shown for real: an antd message would render after the test environment is gone.
    const warning = vi.spyOn(appToaster, 'warning').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    expect(await downloadCsv('feedback/csv/get', { projectId: 'p1' }, 'feedbackReport')).toBe(false);
    expect(warning).toHaveBeenCalledWith('Some Error Occured while fetching project report');
    expect(click).not.toHaveBeenCalled();
  });
});
