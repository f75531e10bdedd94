import { useQueryClient } from '@tanstack/react-query';
import { SetupScreen } from '../../../features/restaurant-setup/components/setup-screen.tsx';
import { useStaffConsole } from '../../../features/staff/hooks/staff-console-context.ts';
import { staffLinks } from '../../../features/staff/utils/staff-links.ts';
import { useLanguage } from '../../../providers/language.tsx';

/** The console's set-up screen (issue 26), in the accounts chunk like the team screen. */
function SetupRoute() {
  const { me } = useStaffConsole();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  return (
    <SetupScreen
      me={me}
      links={{ menuEditor: staffLinks.menuEditor(language), team: staffLinks.team(language), language }}
      tablesScreen={staffLinks.screen('tables', language)}
      onSignedOut={() => queryClient.setQueryData(['staff', 'me'], null)}
    />
  );
}

export const setupRoute = { Component: SetupRoute };
