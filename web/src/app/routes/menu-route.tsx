import { MenuScreen } from '../../features/menu/components/menu-screen.tsx';
import { RestaurantContact } from '../../features/restaurant-contact/components/restaurant-contact.tsx';

/** spec §2: /menu/:shortName/:lang — the menu screen reads restaurant, table and session from the providers. */
export function MenuRoute() {
  return (
    <>
      <MenuScreen />
      <RestaurantContact />
    </>
  );
}
