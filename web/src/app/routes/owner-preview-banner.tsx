import { resolveLanguage } from '@tablo/contract/language-list';
import { useParams } from 'react-router';
import { PreviewBanner } from '../../components/preview-banner/preview-banner.tsx';
import { staffLinks } from '../../features/staff/utils/staff-links.ts';

/**
 * The owner's preview banner, leading back to the console's set-up (a chunk only a preview loads). The
 * language comes from the route, as the language provider reads it: importing that provider here would make
 * the build split a shared chunk that every diner's page then loads as one more file.
 */
export function OwnerPreviewBanner() {
  const { lang } = useParams();
  return <PreviewBanner setupHref={staffLinks.setup(resolveLanguage(lang))} />;
}
