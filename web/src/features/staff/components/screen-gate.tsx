import { staffCan } from '@tablo/contract/staff';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useStaffConsole } from '../hooks/staff-console-context.ts';
import type { StaffScreen } from '../utils/staff-links.ts';
import { SCREEN_PERMISSIONS } from './console-header.tsx';
import { EmptyState } from './screen-state.tsx';

/** A screen the member's role may not use says so instead of failing on every request. */
export function ScreenGate({ screen, children }: { screen: StaffScreen; children: ReactNode }) {
  const { t } = useTranslation('staff');
  const { me } = useStaffConsole();
  if (!staffCan(me.role, SCREEN_PERMISSIONS[screen])) return <EmptyState>{t('not_allowed')}</EmptyState>;
  return children;
}
