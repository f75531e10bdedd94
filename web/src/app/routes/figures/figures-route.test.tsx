import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type HoursChartData,
  setHoursChartLoader,
} from '../../../features/figures/components/hours-chart.tsx';
import {
  demoFigures,
  emptyFigures,
  figuresServer,
} from '../../../features/figures/testing/figures-handlers.ts';
import { fakeStaffLivePerTest } from '../../../features/staff/testing/fake-staff-socket.ts';
import { staffServer } from '../../../features/staff/testing/staff-handlers.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { server } from '../../../testing/server.ts';

/** The figures screen (issue 28): the day's figures in tables, the chart and its table, empty and error. */

let drawn: HoursChartData[] = [];
fakeStaffLivePerTest();
beforeEach(() => {
  drawn = [];
  // jsdom has no canvas: the chart's drawing is recorded instead of painted.
  setHoursChartLoader(async () => (_target, data) => {
    drawn.push(data);
    return () => undefined;
  });
});
afterEach(() => {
  setHoursChartLoader(undefined);
});

function table(caption: string): HTMLElement {
  return screen.getByRole('table', { name: caption });
}

function cells(row: HTMLElement): string[] {
  return [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '');
}

describe('the figures screen', () => {
  it("shows today's business day in tables, the chart of hours and its table, with print and CSV", async () => {
    const figures = figuresServer(() => demoFigures());
    server.use(...staffServer({ role: 'MANAGER' }).handlers, ...figures.handlers);
    renderApp('/staff/figures/en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Figures' }, { timeout: 4000 })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Staff console' });
    expect(within(nav).getByRole('link', { name: 'Figures' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByRole('heading', { level: 2, name: 'Friday, November 27, 2026' })).toBeTruthy();
    // No range asked: today's business day, as the server's clock reads it.
    expect(figures.reads).toEqual([{}]);

    const summary = table('Summary');
    expect(cells(within(summary).getByRole('row', { name: /^Visits/ }))).toEqual(['Visits', '12']);
    expect(cells(within(summary).getByRole('row', { name: /^Sales \(gross\)/ }))).toEqual([
      'Sales (gross)',
      '154,380\u00a0Ft',
    ]);
    expect(cells(within(table('VAT by rate')).getByRole('row', { name: /^27%/ }))).toEqual([
      '27%',
      '55,890\u00a0Ft',
      '41,230\u00a0Ft',
      '14,660\u00a0Ft',
    ]);
    expect(cells(within(table('Payments')).getByRole('row', { name: /^Online/ }))).toEqual([
      'Online',
      '3',
      '26,500\u00a0Ft',
      '2,000\u00a0Ft',
    ]);
    expect(cells(within(table('Left unpaid')).getByRole('row', { name: /^Written off/ }))).toEqual([
      'Written off at forced closes',
      '4,490\u00a0Ft',
    ]);
    const dishes = within(table('Best-selling dishes')).getAllByRole('row').slice(1).map(cells);
    expect(dishes).toEqual([
      ['Beer', '41', '40,590\u00a0Ft'],
      ['Goulash soup', '23', '57,270\u00a0Ft'],
    ]);
    expect(cells(within(table('Choices')).getAllByRole('row')[1] as HTMLElement)).toEqual([
      'Sauces: Pepper sauce',
      '9',
    ]);
    expect(cells(within(table('Likes and dislikes')).getAllByRole('row')[1] as HTMLElement)).toEqual([
      'Goulash soup',
      '5',
      '1',
    ]);

    // The chart is drawn from the hours, and the table of hours is its text for everyone who cannot see it.
    await waitFor(() => expect(drawn).toHaveLength(1));
    expect(drawn[0]?.gross).toEqual(demoFigures().hours.map((hour) => hour.gross));
    expect(screen.getByTestId('hours-chart').getAttribute('aria-hidden')).toBe('true');
    const hours = within(table('Sales by hour (table)')).getAllByRole('row').slice(1).map(cells);
    expect(hours).toHaveLength(24);
    expect(hours[0]).toEqual(['04:00–05:00', '0', '0\u00a0Ft']);
    expect(hours.find((row) => row[0] === '20:00–21:00')).toEqual(['20:00–21:00', '20', '100,000\u00a0Ft']);

    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/staff/figures.csv?from=2026-11-27&to=2026-11-27&lang=en',
    );
    let printed = 0;
    const print = window.print;
    window.print = () => {
      printed += 1;
    };
    fireEvent.click(screen.getByRole('button', { name: 'Print day report' }));
    window.print = print;
    expect(printed).toBe(1);
  });

  it('another range is asked for by its dates; an empty day says so', async () => {
    const figures = figuresServer((range) => (range.from ? emptyFigures(range.from) : demoFigures()));
    server.use(...staffServer({ role: 'OWNER' }).handlers, ...figures.handlers);
    renderApp('/staff/figures/en');
    await screen.findByRole('table', { name: 'Summary' }, { timeout: 4000 });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('No orders on this day.')).toBeTruthy();
    expect(figures.reads.at(-1)).toEqual({ from: '2026-11-20', to: '2026-11-20' });
    expect(screen.queryByRole('table', { name: 'Summary' })).toBeNull();

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-22' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-21' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Choose a first day, and a last day that is not before it.',
    );
  });

  it('a failed read is announced with a way to try again', async () => {
    let fail = true;
    const figures = figuresServer(() =>
      fail ? { status: 400, message: 'a range covers at most 366 business days' } : demoFigures(),
    );
    server.use(...staffServer({ role: 'MANAGER' }).handlers, ...figures.handlers);
    renderApp('/staff/figures/en');
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert.textContent).toContain(
      'The figures could not be loaded: a range covers at most 366 business days',
    );
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Summary' })).toBeTruthy();
  });

  it('in Hungarian, and a waiter sees no link to it and cannot read it', async () => {
    server.use(...staffServer({ role: 'MANAGER' }).handlers, ...figuresServer(() => demoFigures()).handlers);
    const view = renderApp('/staff/figures/hu');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgalom' }, { timeout: 4000 }),
    ).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Legkelendőbb ételek' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Napi jelentés nyomtatása' })).toBeTruthy();
    view.unmount();

    server.use(...staffServer({ role: 'WAITER' }).handlers);
    renderApp('/staff/figures/en');
    expect(
      await screen.findByText('Only owners and managers can see the figures.', {}, { timeout: 4000 }),
    ).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Staff console' });
    expect(within(nav).queryByRole('link', { name: 'Figures' })).toBeNull();
  });
});
