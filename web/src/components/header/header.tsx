import type { ReactNode } from 'react';
import { useIsMobile } from '../../lib/use-is-mobile.ts';
import { DesktopHeader } from './desktop-header.tsx';
import { MobileHeader } from './mobile-header.tsx';

/** spec §2: the header shows either a title or the category slider. */
export type HeaderMode = 'TITLE' | 'SLIDER';

export type HeaderProps = { mode: HeaderMode; slider?: ReactNode };

/** spec §2, §9: compact bar under 850 px, hero image above; both shrink on scroll. */
export function Header(props: HeaderProps) {
  return useIsMobile() ? <MobileHeader {...props} /> : <DesktopHeader {...props} />;
}
