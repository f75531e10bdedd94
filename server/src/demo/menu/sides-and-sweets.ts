import { category, dish, FOOD_VAT as F, STANDARD_VAT as S } from './dish.ts';

/** Salads and sides, the children's menu and desserts of Paprika Bisztró. */
export const SIDES_AND_SWEETS_CATEGORIES = [
  category(
    'salatak-koretek',
    { hu: ['Saláták és köretek'], en: ['Salads and sides'], de: ['Salate und Beilagen'] },
    [
      dish('cezar-salata', 3890, F, ['GLUTEN', 'EGGS', 'FISH', 'MILK', 'MUSTARD'], [118, 9], {
        hu: ['Cézár saláta grillcsirkével', 'Római saláta, szardellás öntet, parmezán, kruton'],
        en: ['Caesar salad with grilled chicken', 'Romaine, anchovy dressing, parmesan, croutons'],
        de: ['Caesar Salad mit Hähnchen', 'Römersalat, Sardellendressing, Parmesan, Croûtons'],
      }),
      dish('uborkasalata', 1190, F, ['VEGAN'], [66, 3], {
        hu: ['Uborkasaláta', 'Vékonyra szelt kígyóuborka, édes-savanykás lé, pirospaprika'],
        en: ['Cucumber salad', 'Thinly sliced cucumber in a sweet-and-sour dressing with paprika'],
      }),
      dish('paradicsomsalata', 1190, F, ['VEGAN'], [41, 2], {
        hu: ['Paradicsomsaláta', 'Érett paradicsom, lilahagyma, olívaolaj'],
        en: ['Tomato salad', 'Ripe tomatoes, red onion, olive oil'],
      }),
      dish('hasabburgonya', 1190, F, ['VEGAN'], [95, 4], {
        hu: ['Hasábburgonya'],
        en: ['Chips', 'Hand-cut, fried twice'],
        de: ['Pommes frites'],
      }),
      dish('petrezselymes-burgonya', 1090, F, ['MILK'], [38, 1], {
        hu: ['Petrezselymes újburgonya', 'Vajjal és friss petrezselyemmel'],
        en: ['Parsley new potatoes', 'With butter and fresh parsley'],
      }),
      dish('galuska', 890, F, ['GLUTEN', 'EGGS'], [29, 2], {
        hu: ['Galuska', 'Frissen szaggatva'],
        en: ['Nokedli dumplings', 'Freshly made'],
      }),
    ],
  ),
  category(
    'gyerekmenu',
    {
      hu: ['Gyerekmenü', 'Kisebb adagok 12 éves korig'],
      en: ['Kids’ menu', 'Smaller portions for children up to 12'],
      de: ['Kindermenü'],
    },
    [
      dish('csirkefalatok', 2690, F, ['GLUTEN', 'EGGS'], [88, 3], {
        hu: ['Rántott csirkefalatok hasábburgonyával', 'Ketchuppal'],
        en: ['Chicken nuggets with chips', 'With ketchup'],
        de: ['Hähnchen-Nuggets mit Pommes', 'Mit Ketchup'],
      }),
      dish('gyerek-spagetti', 2490, F, ['GLUTEN', 'CELERY', 'MILK'], [57, 4], {
        hu: ['Bolognai spagetti', 'Kis adag, reszelt sajttal'],
        en: ['Spaghetti bolognese', 'Small portion, with grated cheese'],
      }),
      dish('kakaos-palacsinta', 1490, F, ['GLUTEN', 'EGGS', 'MILK'], [71, 1], {
        hu: ['Kakaós palacsinta', 'Két palacsinta, kakaóval és porcukorral'],
        en: ['Cocoa pancakes', 'Two pancakes with cocoa and icing sugar'],
      }),
      // A brand name: Hungarian only, so every language falls back to it (spec §4).
      dish('turo-rudi', 590, S, ['MILK', 'SOYBEANS'], [143, 6], {
        hu: ['Túró Rudi', 'Az eredeti, étcsokoládéval bevont túrós desszert'],
      }),
    ],
  ),
  category('desszertek', { hu: ['Desszertek'], en: ['Desserts'], de: ['Nachspeisen'] }, [
    dish('somloi-galuska', 2290, F, ['GLUTEN', 'EGGS', 'MILK', 'NUTS'], [312, 8], {
      hu: ['Somlói galuska', 'Piskóta, vaníliakrém, csokoládéöntet, dió, tejszínhab'],
      en: ['Somló sponge trifle', 'Sponge, vanilla custard, chocolate sauce, walnuts, whipped cream'],
      de: ['Somlauer Nockerl', 'Biskuit, Vanillecreme, Schokoladensauce, Walnüsse, Sahne'],
    }),
    dish('dobos-torta', 2190, F, ['GLUTEN', 'EGGS', 'MILK'], [176, 7], {
      hu: ['Dobos torta', 'Csokoládékrémes piskótalapok, ropogós karamellatető'],
      en: ['Dobos cake', 'Sponge layers with chocolate buttercream and a caramel top'],
      de: ['Dobostorte', 'Biskuitböden mit Schokoladencreme und Karamelldecke'],
    }),
    dish('gundel-palacsinta', 2690, F, ['GLUTEN', 'EGGS', 'MILK', 'NUTS'], [205, 5], {
      hu: ['Gundel palacsinta', 'Rumos diókrém, étcsokoládé-mártás, lángolva'],
      en: ['Gundel pancake', 'Walnut and rum filling, dark chocolate sauce, flambéed'],
      de: ['Gundel-Palatschinke', 'Walnuss-Rum-Füllung, Zartbitterschokoladensauce, flambiert'],
    }),
    dish('almas-retes', 1790, F, ['GLUTEN', 'EGGS', 'MILK'], [134, 4], {
      hu: ['Almás rétes', 'Fahéjas almatöltelék, vaníliasodó'],
      en: ['Apple strudel', 'Cinnamon apples, vanilla custard'],
      de: ['Apfelstrudel', 'Zimtäpfel, Vanillesauce'],
    }),
    dish(
      'flodni',
      2190,
      F,
      ['GLUTEN', 'EGGS', 'NUTS'],
      [97, 3],
      {
        hu: ['Flódni', 'Alma, dió, mák és szilvalekvár rétegei omlós tésztában'],
        en: ['Flódni', 'Layers of apple, walnut, poppy seed and plum jam in shortcrust'],
      },
      { soldOut: true },
    ),
    dish('vegan-csokimousse', 1990, F, ['PEANUTS', 'SOYBEANS', 'VEGAN'], [52, 6], {
      hu: ['Vegán csokoládémousse', 'Étcsokoládé, szójatejszín, pörkölt földimogyoró'],
      en: ['Vegan chocolate mousse', 'Dark chocolate, soy cream, roasted peanuts'],
    }),
  ]),
];
