import type { AppUnit } from '@bhasha/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../test/fake-server';
import { buildProject } from '../../test/project-fixtures';
import { renderApp } from '../../test/render-app';
import { storeSessionToken } from '../../test/signed-in';
import { entry, startWorkspaceServer } from './test/workspace-fixtures';

const SEGMENTS = [entry(1, 'Pay now'), entry(2, 'Your crops are insured', 'USER', 'आपकी फसल बीमित है')];

const UNITS: AppUnit[] = [
  {
    segmentId: SEGMENTS[0]!.segmentId,
    key: 'pay_button',
    filePath: 'app/src/main/res/values/strings.xml',
    comment: 'Button on the payment screen',
    maxLength: 12,
    plural: false,
    otherKeyCount: 1,
  },
  {
    segmentId: SEGMENTS[1]!.segmentId,
    key: 'insured_banner',
    filePath: 'app/src/main/res/values/banners.xml',
    comment: null,
    maxLength: null,
    plural: false,
    otherKeyCount: 0,
  },
];

async function openEditor() {
  renderApp('/app/workspace/p1/hi');
  // The first render loads the lazy shell, which is slow on a busy machine.
  const grid = await screen.findByTestId('segment-grid', {}, { timeout: 30_000 });
  await waitFor(() => expect(within(grid).getAllByTestId('segment-row')).toHaveLength(2));
  return grid;
}

describe('the editor of a mobile app project', () => {
  beforeEach(storeSessionToken);
  afterEach(() => vi.unstubAllGlobals());

  it('shows each string’s key, file, comment and length limit, and counts the characters', async () => {
    const server = startWorkspaceServer(SEGMENTS, {
      project: buildProject(['app.example.in'], { type: 'mob', name: 'Kisan App' }),
      routes: { 'POST /api/translation/appFiles/units': () => ok({ units: UNITS }) },
    });
    const grid = await openEditor();
    const [first, second] = within(grid).getAllByTestId('segment-row');

    const context = await within(first!).findByTestId('segment-context');
    expect(within(context).getByTestId('segment-context-key').textContent).toContain('pay_button');
    expect(within(context).getByTestId('segment-context-file').textContent).toContain('strings.xml');
    expect(within(context).getByTestId('segment-context-comment').textContent).toContain(
      'Button on the payment screen',
    );
    expect(within(context).getByTestId('segment-context-max-length').textContent).toBe(
      'At most 12 characters',
    );
    expect(within(second!).getByTestId('segment-context-key').textContent).toContain('insured_banner');
    expect(within(second!).queryByTestId('segment-context-max-length')).toBeNull();
    // One call for the page, naming its segments.
    expect(server.callsTo('POST /api/translation/appFiles/units')).toHaveLength(1);
    expect(server.callsTo('POST /api/translation/appFiles/units')[0]!.body).toEqual({
      projectId: 'p1',
      segmentIds: SEGMENTS.map((segment) => segment.segmentId),
    });

    fireEvent.click(within(first!).getByTestId('segment-target'));
    const editor = await within(first!).findByTestId('target-editor');
    fireEvent.change(editor, { target: { value: 'भुगतान करें' } });
    const counter = within(first!).getByTestId('length-counter');
    expect(counter.textContent).toBe('11 / 12 characters');
    expect(counter.getAttribute('data-over-limit')).toBe('false');
    fireEvent.change(editor, { target: { value: 'अभी भुगतान करें' } });
    expect(counter.textContent).toBe('15 / 12 characters · 3 characters over the limit');
    expect(counter.getAttribute('data-over-limit')).toBe('true');
  }, 90_000);

  it('asks nothing more for a website project', async () => {
    const server = startWorkspaceServer(SEGMENTS);
    const grid = await openEditor();
    expect(within(grid).queryByTestId('segment-context')).toBeNull();
    expect(within(grid).queryByTestId('length-counter')).toBeNull();
    expect(server.callsTo('POST /api/translation/appFiles/units')).toHaveLength(0);
  }, 90_000);
});
