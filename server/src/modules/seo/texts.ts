import type { LanguageCode } from '@tablo/contract/languages';

export interface SeoTexts {
  /** A restaurant's page title: `{name}` and what the page is. */
  menuTitle: string;
  /** Used when the restaurant has no description of its own. */
  menuDescription: string;
  /** The menu as schema.org names it (`Menu.name`). */
  menuName: string;
  landingTitle: string;
  landingDescription: string;
  /** Pages that show no restaurant (unknown or disabled, staff, …). */
  notFoundTitle: string;
}

/**
 * The few texts search engines and link previews show, in the ten languages (spec §1). The web app's own
 * texts live in web/public/locales and are loaded by the browser; these must be in the server's first answer.
 */
export const SEO_TEXTS: Record<LanguageCode, SeoTexts> = {
  hu: {
    menuTitle: '{name} – étlap',
    menuDescription: '{name} étlapja: ételek, árak, allergének; rendelés az asztaltól a telefonról.',
    menuName: 'Étlap',
    landingTitle: 'Tablo – ingyenes QR-kódos digitális étlap',
    landingDescription:
      'Ingyenes, többnyelvű QR-kódos étlap allergén információkkal, a felhőben, korlátlan felhasználóval; rendelés és fizetés az asztaltól.',
    notFoundTitle: 'Az étterem nem érhető el – Tablo',
  },
  en: {
    menuTitle: '{name} – menu',
    menuDescription: "{name}'s menu: dishes, prices, allergens; order from your table on your phone.",
    menuName: 'Menu',
    landingTitle: 'Tablo – free QR-code digital menu',
    landingDescription:
      'A free, multilingual QR-code menu with allergen information, in the cloud, with unlimited users; ordering and payment from the table.',
    notFoundTitle: 'Restaurant not available – Tablo',
  },
  sk: {
    menuTitle: '{name} – jedálny lístok',
    menuDescription: 'Jedálny lístok {name}: jedlá, ceny, alergény; objednávka od stola z telefónu.',
    menuName: 'Jedálny lístok',
    landingTitle: 'Tablo – bezplatný digitálny jedálny lístok s QR kódom',
    landingDescription:
      'Bezplatný viacjazyčný jedálny lístok s QR kódom a informáciami o alergénoch, v cloude, pre neobmedzený počet používateľov; objednávka a platba od stola.',
    notFoundTitle: 'Reštaurácia nie je dostupná – Tablo',
  },
  cz: {
    menuTitle: '{name} – jídelní lístek',
    menuDescription: 'Jídelní lístek {name}: jídla, ceny, alergeny; objednávka od stolu z telefonu.',
    menuName: 'Jídelní lístek',
    landingTitle: 'Tablo – bezplatný digitální jídelní lístek s QR kódem',
    landingDescription:
      'Bezplatný vícejazyčný jídelní lístek s QR kódem a informacemi o alergenech, v cloudu, pro neomezený počet uživatelů; objednávka a platba od stolu.',
    notFoundTitle: 'Restaurace není dostupná – Tablo',
  },
  de: {
    menuTitle: '{name} – Speisekarte',
    menuDescription:
      'Speisekarte von {name}: Gerichte, Preise, Allergene; vom Tisch aus per Handy bestellen.',
    menuName: 'Speisekarte',
    landingTitle: 'Tablo – kostenlose digitale QR-Code-Speisekarte',
    landingDescription:
      'Eine kostenlose, mehrsprachige QR-Code-Speisekarte mit Allergenangaben, in der Cloud, mit unbegrenzt vielen Nutzern; Bestellen und Bezahlen vom Tisch aus.',
    notFoundTitle: 'Restaurant nicht verfügbar – Tablo',
  },
  fr: {
    menuTitle: '{name} – menu',
    menuDescription:
      'Le menu de {name} : plats, prix, allergènes ; commandez depuis votre table sur votre téléphone.',
    menuName: 'Menu',
    landingTitle: 'Tablo – menu numérique gratuit par QR code',
    landingDescription:
      'Un menu QR code gratuit et multilingue avec les allergènes, dans le cloud, pour un nombre illimité d’utilisateurs ; commande et paiement depuis la table.',
    notFoundTitle: 'Restaurant indisponible – Tablo',
  },
  pl: {
    menuTitle: '{name} – menu',
    menuDescription: 'Menu {name}: dania, ceny, alergeny; zamawianie przy stoliku z telefonu.',
    menuName: 'Menu',
    landingTitle: 'Tablo – darmowe cyfrowe menu z kodem QR',
    landingDescription:
      'Darmowe, wielojęzyczne menu z kodem QR i informacją o alergenach, w chmurze, bez limitu użytkowników; zamawianie i płatność przy stoliku.',
    notFoundTitle: 'Restauracja niedostępna – Tablo',
  },
  si: {
    menuTitle: '{name} – jedilni list',
    menuDescription: 'Jedilni list {name}: jedi, cene, alergeni; naročilo z mize prek telefona.',
    menuName: 'Jedilni list',
    landingTitle: 'Tablo – brezplačni digitalni jedilni list s kodo QR',
    landingDescription:
      'Brezplačen večjezični jedilni list s kodo QR in podatki o alergenih, v oblaku, z neomejenim številom uporabnikov; naročanje in plačilo z mize.',
    notFoundTitle: 'Restavracija ni na voljo – Tablo',
  },
  hr: {
    menuTitle: '{name} – jelovnik',
    menuDescription: 'Jelovnik {name}: jela, cijene, alergeni; narudžba sa stola putem mobitela.',
    menuName: 'Jelovnik',
    landingTitle: 'Tablo – besplatni digitalni jelovnik s QR kodom',
    landingDescription:
      'Besplatan višejezični jelovnik s QR kodom i informacijama o alergenima, u oblaku, s neograničenim brojem korisnika; narudžba i plaćanje sa stola.',
    notFoundTitle: 'Restoran nije dostupan – Tablo',
  },
  ro: {
    menuTitle: '{name} – meniu',
    menuDescription: 'Meniul {name}: preparate, prețuri, alergeni; comandă de la masă de pe telefon.',
    menuName: 'Meniu',
    landingTitle: 'Tablo – meniu digital gratuit cu cod QR',
    landingDescription:
      'Un meniu gratuit și multilingv cu cod QR și informații despre alergeni, în cloud, cu utilizatori nelimitați; comandă și plată de la masă.',
    notFoundTitle: 'Restaurantul nu este disponibil – Tablo',
  },
};

export function fillName(text: string, name: string): string {
  return text.replaceAll('{name}', name);
}
