import { useQueryClient } from '@tanstack/react-query';
import { MenuEditorScreen } from '../../../features/menu-editor/components/menu-editor-screen.tsx';
import { useStaffConsole } from '../../../features/staff/hooks/staff-console-context.ts';

/**
 * The console's menu editor (issue 26), in the accounts chunk with the team screen: no diner page loads it,
 * and a chunk of its own could split a shared one onto /menu (decision 063).
 */
function MenuEditorRoute() {
  const { me } = useStaffConsole();
  const queryClient = useQueryClient();
  // A 401 means the session ended: the console's layout then goes to the log-in screen.
  return <MenuEditorScreen me={me} onSignedOut={() => queryClient.setQueryData(['staff', 'me'], null)} />;
}

export const menuEditorRoute = { Component: MenuEditorRoute };
