import { accountScreens } from '@tablo/contract/accounts';
import type { StaffMe } from '@tablo/contract/staff';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ConfirmEmailScreen } from '../../../features/accounts/components/confirm-email-screen.tsx';
import { ForgotPasswordScreen } from '../../../features/accounts/components/forgot-password-screen.tsx';
import { InvitationScreen } from '../../../features/accounts/components/invitation-screen.tsx';
import { ResetPasswordScreen } from '../../../features/accounts/components/reset-password-screen.tsx';
import { SignUpScreen } from '../../../features/accounts/components/sign-up-screen.tsx';
import { homeScreen, staffLinks } from '../../../features/staff/utils/staff-links.ts';
import { useLanguage } from '../../../providers/language.tsx';
import { figuresRoute } from '../figures/figures-route.tsx';
import { hoursRoute } from '../hours/hours-route.tsx';
import { menuEditorRoute } from '../menu-editor/menu-editor-route.tsx';
import { PrintersRoute } from '../printing/printing-routes.tsx';
import { setupRoute } from '../restaurant-setup/setup-route.tsx';
import { teamRoute } from '../staff-team/team-route.tsx';

/**
 * The restaurant's account screens (issue 26) — sign-up, the mailed links' screens and the console's team
 * screen: one lazily loaded chunk that no diner page loads, like the staff console's (decision 018). Signing up or accepting an invitation signs in: the console then reads the
 * member afresh (its cached "nobody" from an earlier visit is dropped).
 */
function useEnterConsole() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { language } = useLanguage();
  return (me: StaffMe) => {
    queryClient.removeQueries({ queryKey: ['staff'] });
    navigate(staffLinks.screen(homeScreen(me.role), language), { replace: true });
  };
}

function RegisterRoute() {
  const { language } = useLanguage();
  return <SignUpScreen onSignedIn={useEnterConsole()} loginHref={staffLinks.login(language)} />;
}

function ConfirmEmailRoute() {
  const { language } = useLanguage();
  return <ConfirmEmailScreen consoleHref={staffLinks.screen('board', language)} />;
}

function ForgotPasswordRoute() {
  const { language } = useLanguage();
  return <ForgotPasswordScreen loginHref={staffLinks.login(language)} />;
}

function ResetPasswordRoute() {
  const { language } = useLanguage();
  return (
    <ResetPasswordScreen
      loginHref={staffLinks.login(language)}
      forgotHref={accountScreens.forgotPassword(language)}
    />
  );
}

function InvitationRoute() {
  const { language } = useLanguage();
  return <InvitationScreen onSignedIn={useEnterConsole()} loginHref={staffLinks.login(language)} />;
}

export const accountRoutes = {
  team: teamRoute,
  setup: setupRoute,
  'menu-editor': menuEditorRoute,
  hours: hoursRoute,
  printers: { Component: PrintersRoute },
  figures: figuresRoute,
  register: { Component: RegisterRoute },
  'confirm-email': { Component: ConfirmEmailRoute },
  'forgot-password': { Component: ForgotPasswordRoute },
  'reset-password': { Component: ResetPasswordRoute },
  invitation: { Component: InvitationRoute },
};
