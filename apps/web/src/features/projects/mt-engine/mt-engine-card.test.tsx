import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/app-providers';
import { installFakeServer, ok } from '../../../test/fake-server';
import { MtEngineCard } from './mt-engine-card';

const ORGANISATION_ID = '4b0c2d1e-5f6a-4b7c-8d9e-0a1b2c3d4e5f';
const engine = (id: string, label: string) => ({
  id,
  label,
  service: 'apertium',
  isDefault: id === 'apertium',
  languagePairs: [],
  available: true,
});

afterEach(() => vi.unstubAllGlobals());

describe('MtEngineCard', () => {
  it("shows the organisation's choice and the engine in effect, and saves a new one", async () => {
    let organisationEngine: string | null = null;
    const server = installFakeServer({
      'POST /api/translation/nmt/engines': () =>
        ok({
          engines: [engine('apertium', 'Apertium'), engine('indictrans', 'IndicTrans2')],
          projectEngine: null,
          organisationEngine,
          effectiveEngine: organisationEngine ?? 'apertium',
        }),
      'POST /api/translation/nmt/engine/organisation/set': (body) => {
        organisationEngine = (body as { nmtService: string | null }).nmtService;
        return ok({}, 'Default machine translation engine saved');
      },
    });
    render(
      <AppProviders>
        <MtEngineCard scope={{ kind: 'organisation', organisationId: ORGANISATION_ID }} canEdit />
      </AppProviders>,
    );
    const effective = await screen.findByTestId('mt-engine-effective');
    expect(effective.textContent).toBe('Machine translation started now uses: Apertium');

    const select = screen.getByTestId('mt-engine-select');
    fireEvent.mouseDown(within(select).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('IndicTrans2'));
    await waitFor(() =>
      expect(server.callsTo('POST /api/translation/nmt/engine/organisation/set')[0]?.body).toEqual({
        organisationId: ORGANISATION_ID,
        nmtService: 'indictrans',
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('mt-engine-effective').textContent).toBe(
        'Machine translation started now uses: IndicTrans2',
      ),
    );
  });
});
