import { TABLE_CALL_MIN_INTERVAL_SECONDS } from '@tablo/contract/table-call';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tableCallsQueryKey, upsertCall } from '../../../lib/table-calls-query.ts';
import { DEMO_SESSION_ID } from '../../../testing/fixtures.ts';
import { renderRoute } from '../../../testing/render-app.tsx';
import { server } from '../../../testing/server.ts';
import { tableCallsServer } from '../testing/table-calls-handlers.ts';
import { CALL_RECEIVED_SHOWN_MS, callState, TableCalls } from './table-calls.tsx';

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

function renderCalls(options?: Parameters<typeof tableCallsServer>[0]) {
  const fake = tableCallsServer(options);
  server.use(...fake.handlers);
  const view = renderRoute(
    '/table/:shortName/:table/:lang',
    '/table/demo/1/en',
    <TableCalls tableId={1} sessionId={DEMO_SESSION_ID} />,
  );
  return { ...view, fake };
}

function callBox(kind: 'WAITER' | 'BILL'): HTMLElement {
  const box = document.querySelector<HTMLElement>(`[data-call="${kind}"]`);
  if (!box) throw new Error(`no ${kind} call`);
  return box;
}

describe('table calls', () => {
  it('starts idle, sends a call with the session and shows it sent, then received when staff acknowledge', async () => {
    const { fake, queryClient } = renderCalls();
    const waiter = await screen.findByRole('button', { name: 'Call the waiter' });
    expect(screen.getByRole('button', { name: 'Ask for the bill' })).toBeTruthy();
    await waitFor(() => expect(fake.state.reads).toBe(1));
    expect(callBox('WAITER').dataset.callState).toBe('idle');

    fireEvent.click(waiter);
    await waitFor(() => expect(callBox('WAITER').dataset.callState).toBe('sent'));
    expect(fake.state.requests).toEqual([{ tableId: '1', sessionId: DEMO_SESSION_ID, kind: 'WAITER' }]);
    expect(screen.getByText('Sent – waiting for the staff')).toBeTruthy();
    // The status is announced and names the button it belongs to.
    const status = screen.getByText('Sent – waiting for the staff');
    expect(status.getAttribute('role')).toBe('status');
    expect(waiter.getAttribute('aria-describedby')).toBe(status.id);
    expect(callBox('BILL').dataset.callState).toBe('idle');

    // What the live connection writes when a waiter acknowledges the call.
    act(() =>
      queryClient.setQueryData(tableCallsQueryKey(1, DEMO_SESSION_ID), (data?: { calls: [] }) =>
        upsertCall(data, { kind: 'WAITER', requestedAt: ago(60_000), acknowledgedAt: ago(0) }),
      ),
    );
    expect(await screen.findByText('Received – a waiter is on the way')).toBeTruthy();
    expect(callBox('WAITER').dataset.callState).toBe('received');
  });

  it('shows the state of calls made before the page loaded', async () => {
    renderCalls({
      calls: [
        { kind: 'BILL', requestedAt: ago(90_000), acknowledgedAt: ago(30_000) },
        { kind: 'WAITER', requestedAt: ago(10_000), acknowledgedAt: null },
      ],
    });
    expect(await screen.findByText('Received – the bill is on its way')).toBeTruthy();
    expect(callBox('BILL').dataset.callState).toBe('received');
    expect(callBox('WAITER').dataset.callState).toBe('sent');
  });

  // Issue 24 §13: a call acknowledged five minutes ago no longer says "a waiter is on the way".
  it('lets "received" lapse: an old acknowledgement shows nothing, a fresh one goes by itself', async () => {
    renderCalls({
      calls: [
        { kind: 'WAITER', requestedAt: ago(6 * 60_000), acknowledgedAt: ago(5 * 60_000) },
        {
          kind: 'BILL',
          requestedAt: ago(CALL_RECEIVED_SHOWN_MS),
          acknowledgedAt: ago(CALL_RECEIVED_SHOWN_MS - 1500),
        },
      ],
    });
    expect(await screen.findByText('Received – the bill is on its way')).toBeTruthy();
    expect(callBox('WAITER').dataset.callState).toBe('idle');
    expect(screen.queryByText('Received – a waiter is on the way')).toBeNull();
    await waitFor(() => expect(callBox('BILL').dataset.callState).toBe('idle'), { timeout: 5000 });
    expect(screen.queryByText('Received – the bill is on its way')).toBeNull();
  });

  it("shows the server's message when the call comes too soon, and keeps the state", async () => {
    const message = `You can call again in ${TABLE_CALL_MIN_INTERVAL_SECONDS - 12} s`;
    const { fake } = renderCalls({ tooSoon: message });
    fireEvent.click(await screen.findByRole('button', { name: 'Ask for the bill' }));
    const shown = await screen.findByText(message);
    expect(shown.closest('[role="status"]')?.id).toBe('table-call-status-BILL');
    expect(fake.state.requests).toHaveLength(1);
    expect(callBox('BILL').dataset.callState).toBe('idle');
  });

  it('reads a call as idle, sent or received, and received as idle once it lapsed', () => {
    const acknowledged = Date.parse('2025-05-01T12:01:00Z');
    expect(callState(undefined)).toBe('idle');
    expect(callState({ kind: 'BILL', requestedAt: '2025-05-01T12:00:00Z', acknowledgedAt: null })).toBe(
      'sent',
    );
    const call = {
      kind: 'BILL',
      requestedAt: '2025-05-01T12:00:00Z',
      acknowledgedAt: '2025-05-01T12:01:00Z',
    } as const;
    expect(callState(call, acknowledged + 1000)).toBe('received');
    expect(callState(call, acknowledged + CALL_RECEIVED_SHOWN_MS)).toBe('idle');
  });
});
