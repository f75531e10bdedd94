import { useQueryClient } from '@tanstack/react-query';
import { FiguresScreen } from '../../../features/figures/components/figures-screen.tsx';
import { useStaffConsole } from '../../../features/staff/hooks/staff-console-context.ts';

/**
 * The console's figures screen (issue 28), in the accounts chunk (decision 077); the chart library is a chunk
 * of its own, loaded when the chart first draws.
 */
function FiguresRoute() {
  const { me } = useStaffConsole();
  const queryClient = useQueryClient();
  // A 401 means the session ended: the console's layout then goes to the log-in screen.
  return <FiguresScreen me={me} onSignedOut={() => queryClient.setQueryData(['staff', 'me'], null)} />;
}

export const figuresRoute = { Component: FiguresRoute };
