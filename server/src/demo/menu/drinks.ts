import { category, dish, FOOD_VAT as F, STANDARD_VAT as S } from './dish.ts';

/** Coffee, soft drinks, wine and beer, pálinka of Paprika Bisztró. */
export const DRINKS_CATEGORIES = [
  category('kavek-teak', { hu: ['Kávék és teák'], en: ['Coffee and tea'], de: ['Kaffee und Tee'] }, [
    // Understood everywhere: English only, so Hungarian diners get the fallback (spec §4).
    dish('espresso', 690, F, [], [121, 2], { en: ['Espresso', 'Single shot, Budapest roastery beans'] }),
    dish('cappuccino', 990, F, ['MILK'], [98, 3], {
      hu: ['Cappuccino', 'Espresso, selymes tejhab'],
      en: ['Cappuccino', 'Espresso, silky milk foam'],
    }),
    dish('zabtejes-latte', 1190, F, ['GLUTEN', 'VEGAN'], [44, 2], {
      hu: ['Zabtejes latte', 'Dupla espresso zabitallal'],
      en: ['Oat milk latte', 'Double espresso with oat drink'],
      de: ['Latte mit Haferdrink'],
    }),
    dish('forro-csokolade', 1190, F, ['MILK'], [63, 1], {
      hu: ['Forró csokoládé', 'Sűrű, tejszínhabbal'],
      en: ['Hot chocolate', 'Thick, with whipped cream'],
      de: ['Heiße Schokolade', 'Dickflüssig, mit Sahne'],
    }),
    dish('gyumolcstea', 790, F, ['VEGAN'], [22, 1], {
      hu: ['Gyümölcstea', 'Csipkebogyó és hibiszkusz, mézzel vagy citrommal'],
      en: ['Fruit tea', 'Rosehip and hibiscus, with honey or lemon'],
    }),
  ]),
  category('uditok', { hu: ['Üdítők'], en: ['Soft drinks'], de: ['Erfrischungsgetränke'] }, [
    dish('bodzas-limonade', 1290, F, ['VEGAN'], [156, 4], {
      hu: ['Házi bodzás limonádé', '0,5 l, friss citrommal és mentával'],
      en: ['Home-made elderflower lemonade', '0.5 l, with fresh lemon and mint'],
      de: ['Hausgemachte Holunderlimonade', '0,5 l, mit Zitrone und Minze'],
    }),
    dish('meggyes-limonade', 1290, F, ['VEGAN'], [87, 3], {
      hu: ['Meggyes limonádé', '0,5 l, házi meggyszörppel'],
      en: ['Sour-cherry lemonade', '0.5 l, with home-made cherry syrup'],
    }),
    dish(
      'asvanyviz',
      1190,
      S,
      [],
      [12, 0],
      {
        hu: ['Ásványvíz', '0,75 l, szénsavas vagy mentes'],
        en: ['Mineral water', '0.75 l, sparkling or still'],
        de: ['Mineralwasser', '0,75 l, mit oder ohne Kohlensäure'],
      },
      { noImage: true },
    ),
    dish('traubi', 890, S, [], [34, 5], {
      hu: ['Traubi szóda', '0,25 l, a klasszikus magyar szőlőüdítő'],
      en: ['Traubi soda', '0.25 l, the classic Hungarian grape soda'],
    }),
    dish('almale', 790, S, [], [19, 2], {
      hu: ['Szentendrei almalé', '0,2 l, szűretlen'],
      en: ['Apple juice', '0.2 l, cloudy, from Szentendre'],
    }),
  ]),
  category(
    'borok-sorok',
    {
      hu: ['Borok és sörök', 'Hazai pincészetek, poharanként'],
      en: ['Wine and beer', 'Hungarian wineries, by the glass'],
      de: ['Weine und Biere'],
    },
    [
      dish('egri-bikaver', 1890, S, ['SULPHUR_DIOXIDE'], [91, 4], {
        hu: ['Egri bikavér', '1,5 dl, testes vörös házasítás Egerből'],
        en: ['Egri Bikavér', '1.5 dl, full-bodied red blend from Eger'],
        de: ['Erlauer Stierblut', '1,5 dl, kräftige Rotweincuvée aus Eger'],
      }),
      dish('badacsonyi-szurkebarat', 1690, S, ['SULPHUR_DIOXIDE'], [48, 2], {
        hu: ['Badacsonyi szürkebarát', '1,5 dl, aromás fehérbor a Balaton-felvidékről'],
        en: ['Badacsony Pinot Gris', '1.5 dl, aromatic white from the Balaton uplands'],
      }),
      dish('tokaji-aszu', 3490, S, ['SULPHUR_DIOXIDE'], [76, 1], {
        hu: ['Tokaji aszú, 5 puttonyos', '1 dl, mézes, barackos desszertbor'],
        en: ['Tokaji Aszú, 5 puttonyos', '1 dl, honeyed apricot dessert wine'],
        de: ['Tokajer Ausbruch, 5 Puttonyos', '1 dl, honigsüßer Dessertwein'],
      }),
      dish('frocs', 890, S, ['SULPHUR_DIOXIDE'], [133, 5], {
        hu: ['Kisfröccs', '1 dl olaszrizling, 1 dl szóda'],
        en: ['Fröccs (wine spritzer)', '1 dl Welschriesling, 1 dl soda water'],
      }),
      dish('csapolt-sor', 1190, S, ['GLUTEN'], [102, 6], {
        hu: ['Csapolt világos sör', '0,5 l, hazai kézműves láger'],
        en: ['Draught lager', '0.5 l, Hungarian craft lager'],
        de: ['Helles vom Fass', '0,5 l, ungarisches Craft-Lager'],
      }),
    ],
  ),
  category(
    'palinkak-likorok',
    { hu: ['Pálinkák és likőrök'], en: ['Pálinka and liqueurs'], de: ['Pálinka und Liköre'] },
    [
      dish('szilvapalinka', 1890, S, [], [84, 7], {
        hu: ['Szatmári szilvapálinka', '4 cl, gyümölcsös, érlelt'],
        en: ['Plum pálinka from Szatmár', '4 cl, fruity and aged'],
        de: ['Pflaumen-Pálinka aus Szatmár', '4 cl, fruchtig, gereift'],
      }),
      dish('barackpalinka', 1990, S, [], [67, 4], {
        hu: ['Kecskeméti barackpálinka', '4 cl'],
        en: ['Apricot pálinka from Kecskemét', '4 cl'],
      }),
      // A brand name: Hungarian only (spec §4 fallback).
      dish('unicum', 1490, S, [], [59, 18], { hu: ['Unicum', '4 cl, a Zwack-család gyógynövénylikőrje'] }),
    ],
  ),
];
