import type { Feedback, Suggestion } from '@bhasha/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, ok } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { abilitiesFor, signedInRoutes, storeSessionToken } from '../../test/signed-in';
import { PROJECT, entry } from './test/workspace-fixtures';

function suggestion(index: number, overrides: Partial<Suggestion> = {}): Suggestion {
  return {
    id: `00000000-0000-4000-a000-${String(index).padStart(12, '0')}`,
    sourceHash: `h${index}`,
    source: `Source ${index}`,
    targetLang: 'hi',
    suggestion: `सुझाव ${index}`,
    currentTarget: index === 1 ? '' : `अनुवाद ${index}`,
    status: 'new',
    url: 'https://p1.example.in/',
    suggestedBy: null,
    createdAt: '2026-01-02T00:00:00.000Z',
    resolvedAt: null,
    resolvedBy: null,
    ...overrides,
  };
}

/*
 * Why this file once "hung" in jsdom: role queries with a name (getByRole('button', { name }))
 * compute every candidate's accessible name and visibility through getComputedStyle, including
 * the ::before/::after pseudo-elements jsdom does not implement, over antd's CSS-in-JS styles.
 * On the suggestions page (shell, table with selection, selects, upload) one such query took
 * minutes on a busy machine and waitFor retried it, so the test looked stuck. Here buttons are
 * found by their text, and the CSV goes to the upload's file input directly, as the browser
 * does after the file chooser closes.
 */

/** The button showing exactly `label` inside `scope` (found by its text: no role query). */
function buttonIn(scope: HTMLElement, label: string): HTMLElement {
  const span = within(scope).getByText(label, { selector: 'button span' });
  return span.closest('button')!;
}

/** The suggestion and feedback pages against a fake server. */
function startServer(initial: Suggestion[]) {
  const suggestions = new Map(initial.map((s) => [s.id, { ...s }]));
  const feedback: Feedback[] = [
    {
      id: 'f1',
      targetLang: 'hi',
      url: 'https://p1.example.in/help',
      sourceHash: null,
      rating: 4,
      comment: 'अच्छा अनुवाद',
      createdBy: null,
      createdAt: '2026-01-03T00:00:00.000Z',
    },
  ];
  return installFakeServer({
    ...signedInRoutes(abilitiesFor(['dashboard', 'projects', 'workspace'])),
    'POST /api/project/details': () => ok({ project: PROJECT }),
    'POST /api/suggestion/filter': (body) => {
      const { status } = body as { status?: string };
      const list = [...suggestions.values()].filter((s) => !status || s.status === status);
      return ok({ suggestions: list, total: list.length });
    },
    'POST /api/suggestion/accept': (body) => {
      const { suggestionId } = body as { suggestionId: string };
      const accepted = { ...suggestions.get(suggestionId)!, status: 'accepted' as const };
      suggestions.set(suggestionId, accepted);
      const index = Number(accepted.sourceHash.slice(1));
      const tm = entry(index, accepted.source, 'USER', accepted.suggestion);
      return ok({ suggestion: accepted, tm }, 'Suggestion accepted');
    },
    'POST /api/suggestion/reject': (body) => {
      const { suggestionIds } = body as { suggestionIds: string[] };
      for (const id of suggestionIds) suggestions.set(id, { ...suggestions.get(id)!, status: 'rejected' });
      return ok({ rejected: suggestionIds.length }, 'Suggestion rejected');
    },
    'POST /api/suggestion/upload': () =>
      ok({ updated: 1, noAction: 1, errors: [{ row: 3, message: 'Unknown suggestionId' }] }),
    'POST /api/feedback/get': () => ok({ records: feedback, totalRecords: feedback.length }),
  });
}

describe('suggestions and feedback pages', () => {
  beforeEach(storeSessionToken);
  afterEach(() => vi.unstubAllGlobals());

  it('accepts one suggestion, edits and accepts another, rejects a third', async () => {
    const server = startServer([suggestion(1), suggestion(2), suggestion(3)]);
    renderApp('/app/workspace/p1/suggestions');
    const table = await screen.findByTestId('suggestions-table', {}, { timeout: 20_000 });
    await within(table).findByText('सुझाव 1');
    // No current translation is said so, not left blank.
    expect(within(table).getByText('No translation yet')).toBeTruthy();

    const rowOf = (text: string) => within(table).getByText(text).closest('tr')!;
    fireEvent.click(buttonIn(rowOf('सुझाव 1'), 'Accept'));
    await waitFor(() => expect(server.callsTo('POST /api/suggestion/accept')).toHaveLength(1));
    expect(server.callsTo('POST /api/suggestion/accept')[0]!.body).toEqual({
      projectId: 'p1',
      suggestionId: suggestion(1).id,
    });
    // Accepted suggestions leave the "new" list.
    await waitFor(() => expect(within(table).queryByText('सुझाव 1')).toBeNull());

    fireEvent.click(buttonIn(rowOf('सुझाव 2'), 'Edit and accept'));
    const dialog = await waitFor(() => {
      const modal = document.querySelector<HTMLElement>('.ant-modal');
      expect(modal).not.toBeNull();
      return modal!;
    });
    fireEvent.change(within(dialog).getByLabelText('Suggestion'), { target: { value: 'बेहतर सुझाव' } });
    fireEvent.click(buttonIn(dialog, 'Accept'));
    await waitFor(() => expect(server.callsTo('POST /api/suggestion/accept')).toHaveLength(2));
    expect(server.callsTo('POST /api/suggestion/accept')[1]!.body).toMatchObject({
      suggestionId: suggestion(2).id,
      preProcessedTarget: 'बेहतर सुझाव',
    });

    await waitFor(() => expect(within(table).queryByText('सुझाव 2')).toBeNull());
    fireEvent.click(buttonIn(rowOf('सुझाव 3'), 'Reject'));
    await waitFor(() =>
      expect(server.callsTo('POST /api/suggestion/reject')[0]!.body).toEqual({
        projectId: 'p1',
        suggestionIds: [suggestion(3).id],
      }),
    );
    expect(await within(table).findByText('No suggestions')).toBeTruthy();
  }, 60_000);

  it('uploads the CSV back and shows the counts and the rows that could not be applied', async () => {
    const server = startServer([suggestion(1)]);
    const { container } = renderApp('/app/workspace/p1/suggestions');
    await screen.findByTestId('suggestions-table', {}, { timeout: 20_000 });
    const input = await waitFor(() => {
      const found = container.querySelector<HTMLInputElement>('input[type="file"]');
      expect(found).not.toBeNull();
      return found!;
    });
    const file = new File(['suggestionId,action\r\nx,accept\r\n'], 'suggestionReport.csv', {
      type: 'text/csv',
    });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(server.callsTo('POST /api/suggestion/upload')).toHaveLength(1));
    const sent = server.fetchMock.mock.calls.find(([url]) => String(url).endsWith('/suggestion/upload'))!;
    const form = (sent[1] as RequestInit).body as FormData;
    expect(form.get('projectId')).toBe('p1');
    expect((form.get('file') as File).name).toBe('suggestionReport.csv');
    const errors = await screen.findByTestId('suggestion-upload-errors');
    expect(within(errors).getByText('Row 3: Unknown suggestionId')).toBeTruthy();
    expect(
      screen.getAllByText('Suggestions processed successfully. Updated: 1, No action: 1').length,
    ).toBeGreaterThan(0);
  }, 60_000);

  it('lists feedback with its rating, comment and page', async () => {
    startServer([]);
    renderApp('/app/workspace/p1/feedback');
    const page = await screen.findByTestId('feedback-page', {}, { timeout: 20_000 });
    expect(await within(page).findByText('अच्छा अनुवाद')).toBeTruthy();
    expect(within(page).getByText('https://p1.example.in/help')).toBeTruthy();
  }, 60_000);
});
