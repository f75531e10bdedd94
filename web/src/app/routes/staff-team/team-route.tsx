import { useQueryClient } from '@tanstack/react-query';
import { useStaffConsole } from '../../../features/staff/hooks/staff-console-context.ts';
import { TeamScreen } from '../../../features/staff-team/components/team-screen.tsx';

/** The console's team screen, in a chunk of its own (the console's chunk does not grow with it). */
function TeamRoute() {
  const { me } = useStaffConsole();
  const queryClient = useQueryClient();
  // A 401 means the session ended: the console's layout then goes to the log-in screen.
  return <TeamScreen me={me} onSignedOut={() => queryClient.setQueryData(['staff', 'me'], null)} />;
}

export const teamRoute = { Component: TeamRoute };
