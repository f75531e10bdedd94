import { PreviewBanner } from '../../components/preview-banner/preview-banner.tsx';
import { staffLinks } from '../../features/staff/utils/staff-links.ts';
import { useLanguage } from '../../providers/language.tsx';

/** The owner's preview banner, leading back to the console's set-up (a chunk only a preview loads). */
export function OwnerPreviewBanner() {
  const { language } = useLanguage();
  return <PreviewBanner setupHref={staffLinks.setup(language)} />;
}
