import { useQueryClient } from '@tanstack/react-query';
import { FiguresScreen } from '../../../features/figures/components/figures-screen.tsx';
import { useStaffConsole } from '../../../features/staff/hooks/staff-console-context.ts';

/**
 * The console's figures screen (issue 28), in a chunk of its own: the chart library and the figures' code
 * load only when a manager opens it (STAFF_CHUNK in vite.config.ts lists the chunk, decision 070).
 */
function FiguresRoute() {
  const { me } = useStaffConsole();
  const queryClient = useQueryClient();
  // A 401 means the session ended: the console's layout then goes to the log-in screen.
  return <FiguresScreen me={me} onSignedOut={() => queryClient.setQueryData(['staff', 'me'], null)} />;
}

export const figuresRoute = { Component: FiguresRoute };
