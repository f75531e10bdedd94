import { TermsScreen } from '../../features/terms/components/terms-screen.tsx';

export function TermsRoute() {
  return <TermsScreen />;
}
