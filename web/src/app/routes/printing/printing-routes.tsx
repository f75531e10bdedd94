import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PrintersScreen } from '../../../features/printing/components/printers-screen.tsx';
import { printerStatusesQueryOptions } from '../../../features/staff/api/staff-printing.ts';
import { useStaffConsole } from '../../../features/staff/hooks/staff-console-context.ts';

/**
 * The console's printers screen (issue 28), in the accounts chunk with the other owner's screens (decision
 * 077), loaded only when opened.
 */
export function PrintersRoute() {
  const { me } = useStaffConsole();
  const queryClient = useQueryClient();
  // The printers' state the board's alert follows (the staff socket's `printer.status`): the list follows it too.
  const statuses = useQuery(printerStatusesQueryOptions());
  // A 401 means the session ended: the console's layout then goes to the log-in screen.
  return (
    <PrintersScreen
      me={me}
      liveStatuses={statuses.data}
      onSignedOut={() => queryClient.setQueryData(['staff', 'me'], null)}
    />
  );
}
