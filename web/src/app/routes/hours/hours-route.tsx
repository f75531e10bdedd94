import { useQueryClient } from '@tanstack/react-query';
import { HoursScreen } from '../../../features/hours/components/hours-screen.tsx';
import { MenuWindowsSection } from '../../../features/menu-windows/components/menu-windows-section.tsx';
import { useStaffConsole } from '../../../features/staff/hooks/staff-console-context.ts';
import { staffLinks } from '../../../features/staff/utils/staff-links.ts';
import { useLanguage } from '../../../providers/language.tsx';

/**
 * The console's hours screen (issue 28), in the accounts chunk with the set-up and the menu editor: no diner
 * page loads it, and a chunk of its own split a shared chunk onto /menu (+356 B, decision 074). Further
 * sections of the day's rules go below the hours.
 */
function HoursRoute() {
  const { me } = useStaffConsole();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  // A 401 means the session ended: the console's layout then goes to the log-in screen.
  const onSignedOut = () => queryClient.setQueryData(['staff', 'me'], null);
  return (
    <HoursScreen me={me} language={language} setupHref={staffLinks.setup(language)} onSignedOut={onSignedOut}>
      {/* Issue 28: the menu's time windows (decision 075). "Sold out for today" is on the menu screen. */}
      <MenuWindowsSection
        csrfToken={me.csrfToken}
        shortName={me.restaurantShortName}
        onSignedOut={onSignedOut}
      />
    </HoursScreen>
  );
}

export const hoursRoute = { Component: HoursRoute };
