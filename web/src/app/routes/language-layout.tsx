import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../../components/spinner/spinner.tsx';
import { LanguageProvider } from '../../providers/language.tsx';

/** spec §2: the language layout wraps every route. */
export function LanguageLayout() {
  return (
    <LanguageProvider>
      <Suspense fallback={<Spinner fullScreen />}>
        <Outlet />
      </Suspense>
    </LanguageProvider>
  );
}
