import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n';
import { TmExportMenu } from './tm-export-menu';

describe('TmExportMenu', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('downloads the language as an Excel workbook, named .xlsx, from the export menu', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(new Uint8Array([0x50, 0x4b]), {
          headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() });

    render(<TmExportMenu projectId="p1" targetLang="hi" />);
    fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    fireEvent.click(await screen.findByText('Excel workbook (XLSX)'));

    await waitFor(() => expect(click).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/translation/tm/export/xlsx');
    expect(JSON.parse(init.body as string)).toEqual({ projectId: 'p1', targetLang: 'hi' });
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('p1-hi.xlsx');
  });
});
