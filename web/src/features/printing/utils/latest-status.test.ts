import type { PrinterStatus } from '@tablo/contract/printing';
import { describe, expect, it } from 'vitest';
import { latestStatus } from './latest-status.ts';

const listed: PrinterStatus = {
  printerId: 1,
  name: 'Kitchen',
  online: false,
  lastError: 'ECONNREFUSED',
  waitingJobs: 2,
  failedJobs: 0,
  checkedAt: '2025-05-01T12:00:00.000Z',
};

describe('latestStatus', () => {
  it('takes the socket’s news when it was checked as late or later, keeping the listed name', () => {
    const back = { ...listed, name: 'Old name', online: true, lastError: null, waitingJobs: 0 };
    expect(latestStatus(listed, [{ ...back, checkedAt: '2025-05-01T12:00:05.000Z' }])).toEqual({
      ...back,
      name: 'Kitchen',
      checkedAt: '2025-05-01T12:00:05.000Z',
    });
    expect(latestStatus(listed, [{ ...back, checkedAt: listed.checkedAt }]).online).toBe(true);
  });

  it('keeps the list’s state when the news is older, about another printer, or there is none', () => {
    expect(latestStatus(listed, [{ ...listed, online: true, checkedAt: '2025-05-01T11:59:00.000Z' }])).toBe(
      listed,
    );
    expect(latestStatus(listed, [{ ...listed, printerId: 2, online: true }])).toBe(listed);
    expect(latestStatus(listed, undefined)).toBe(listed);
    expect(
      latestStatus({ ...listed, checkedAt: null }, [{ ...listed, checkedAt: null, online: true }]).online,
    ).toBe(true);
  });
});
