import type { ReactNode } from 'react';
import { useHydrated } from '../../lib/hydration.ts';
import { useIsMobile } from '../../lib/use-is-mobile.ts';
import { DesktopHeader } from './desktop-header.tsx';
import { MobileHeader } from './mobile-header.tsx';

/** spec §2: the header shows either a title or the category slider. */
export type HeaderMode = 'TITLE' | 'SLIDER';

export type HeaderProps = {
  mode: HeaderMode;
  slider?: ReactNode;
  /** Only on the server's page, where the window's width is unknown: the header CSS hides at the other width. */
  widthClass?: string;
};

/**
 * spec §2, §9: compact bar under 850 px, hero image above; both shrink on scroll. The server cannot know the
 * window's width: its page (and the hydration of it) has both headers, each hidden by CSS at the other width,
 * and the one not needed goes right after — the one on screen stays as it is (decision record 022).
 */
export function Header(props: HeaderProps) {
  const isMobile = useIsMobile();
  const both = !useHydrated();
  return (
    <>
      {both || isMobile ? <MobileHeader {...props} widthClass={both ? 'onlyNarrow' : undefined} /> : null}
      {both || !isMobile ? <DesktopHeader {...props} widthClass={both ? 'onlyWide' : undefined} /> : null}
    </>
  );
}
