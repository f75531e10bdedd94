import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { ApiResult } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { staffBoardQueryKey } from '../api/staff-board.ts';
import { staffTablesQueryKey } from '../api/staff-tables.ts';

/**
 * Runs one staff write at a time per caller. A failure shows the server's message; 409 means the board was
 * stale (someone else moved first): the board and tables are read again so the screen shows the truth.
 */
export function useStaffAction() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);

  const run = useCallback(
    async <T>(key: string, action: () => Promise<ApiResult<T>>): Promise<{ data: T } | null> => {
      setBusy(key);
      try {
        const result = await action();
        if (result.ok) return { data: result.data };
        if (result.status !== 401) notify.error(result.message, { id: `staff-${key}` });
        if (result.status === 409 || result.status === 404) {
          void queryClient.invalidateQueries({ queryKey: staffBoardQueryKey });
          void queryClient.invalidateQueries({ queryKey: staffTablesQueryKey });
        }
        return null;
      } finally {
        setBusy(null);
      }
    },
    [queryClient],
  );

  return { busy, run };
}
