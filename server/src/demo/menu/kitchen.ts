import { category, dish, FOOD_VAT as F } from './dish.ts';

/** Starters, soups, mains and the vegetarian page of Paprika Bisztró. */
export const KITCHEN_CATEGORIES = [
  category(
    'eloetelek',
    {
      hu: ['Előételek', 'Kezdésnek, vagy egy pohár bor mellé'],
      en: ['Starters', 'To begin with, or with a glass of wine'],
      de: ['Vorspeisen'],
    },
    [
      dish('hortobagyi-palacsinta', 3490, F, ['GLUTEN', 'EGGS', 'MILK', 'CELERY'], [214, 7], {
        hu: ['Hortobágyi palacsinta', 'Csirkepörkölttel töltött palacsinta, paprikás tejfölös mártással'],
        en: ['Hortobágy pancake', 'Pancake filled with chicken stew, baked in paprika sour-cream sauce'],
        de: ['Hortobágyer Palatschinke', 'Mit Hühnerragout gefüllt, in Paprika-Sauerrahmsauce überbacken'],
      }),
      dish('rantott-gomba', 2990, F, ['GLUTEN', 'EGGS', 'MILK', 'MUSTARD'], [96, 6], {
        hu: ['Rántott gomba tartármártással', 'Ropogós bundában sült csiperke, házi tartármártás'],
        en: ['Fried mushrooms with tartar sauce', 'Crumbed button mushrooms, home-made tartar sauce'],
      }),
      dish('korozott', 2490, F, ['GLUTEN', 'MILK'], [73, 4], {
        hu: ['Körözött pirítóssal', 'Juhtúrós-paprikás krém, lilahagyma, pirított házi kenyér'],
        en: ['Liptauer on toast', 'Ewe’s-cheese and paprika spread, red onion, toasted home-made bread'],
        de: ['Liptauer auf Toast', 'Schafskäse-Paprika-Aufstrich, rote Zwiebel, geröstetes Brot'],
      }),
      dish('langos', 1990, F, ['GLUTEN', 'MILK'], [188, 12], {
        hu: ['Lángos', 'Frissen sült, fokhagymás, tejföllel és reszelt sajttal'],
        en: ['Lángos', 'Freshly fried flatbread with garlic, sour cream and grated cheese'],
        de: ['Lángos', 'Frisch frittiertes Fladenbrot mit Knoblauch, Sauerrahm und Käse'],
      }),
      dish('libamaj-pastetom', 4290, F, ['GLUTEN', 'SULPHUR_DIOXIDE'], [61, 5], {
        hu: ['Libamájpástétom', 'Tokaji aszús zselével, kalácspirítóssal'],
        en: ['Goose liver pâté', 'With Tokaji aszú jelly and toasted brioche'],
      }),
    ],
  ),
  category('levesek', { hu: ['Levesek'], en: ['Soups'], de: ['Suppen'] }, [
    dish('gulyasleves', 2890, F, ['GLUTEN', 'EGGS', 'CELERY'], [402, 11], {
      hu: ['Gulyásleves', 'Bográcsban főtt marhahús, burgonya, sárgarépa, csipetke'],
      en: ['Goulash soup', 'Beef cooked in a cauldron with potatoes, carrots and pinched noodles'],
      de: ['Gulaschsuppe', 'Rindfleisch im Kessel gekocht, Kartoffeln, Karotten, Nockerl'],
    }),
    dish('halaszle', 3990, F, ['FISH'], [167, 14], {
      hu: ['Halászlé', 'Bajai módra, pontyfiléval és gyufatésztával, csípős paprikával'],
      en: ['Fisherman’s soup', 'Baja style, with carp fillet, thin pasta and hot paprika'],
      de: ['Fischersuppe', 'Nach Bajaer Art, mit Karpfenfilet, Fadennudeln und scharfem Paprika'],
    }),
    dish('jokai-bableves', 2790, F, ['GLUTEN', 'EGGS', 'MILK', 'CELERY'], [139, 6], {
      hu: ['Jókai bableves', 'Füstölt csülök, tarkabab, kolbász, csipetke, tejföl'],
      en: ['Jókai bean soup', 'Smoked ham hock, pinto beans, sausage, pinched noodles, sour cream'],
    }),
    dish('ujhazi-tyukhusleves', 2490, F, ['GLUTEN', 'EGGS', 'CELERY'], [121, 3], {
      hu: ['Újházi tyúkhúsleves', 'Tyúkhús, zöldségek, gomba, zöldborsó, cérnametélt'],
      en: ['Újházi chicken soup', 'Hen, root vegetables, mushrooms, peas and thin egg noodles'],
      de: ['Újházi-Hühnersuppe', 'Suppenhuhn, Wurzelgemüse, Pilze, Erbsen, Fadennudeln'],
    }),
    dish('hideg-meggyleves', 1990, F, ['MILK'], [84, 9], {
      hu: ['Hideg meggyleves', 'Fahéjas, tejszínes meggyleves, jól behűtve'],
      en: ['Chilled sour-cherry soup', 'Sour cherries, cream and a hint of cinnamon, served cold'],
      de: ['Kalte Sauerkirschsuppe', 'Mit Sahne und Zimt, gut gekühlt'],
    }),
  ]),
  category(
    'foetelek',
    {
      hu: ['Főételek', 'Nagymamánk receptjei, ahogy ma főznénk őket'],
      en: ['Mains', 'Our grandmothers’ recipes, cooked the way we would today'],
      de: ['Hauptgerichte'],
    },
    [
      dish('paprikas-csirke', 4690, F, ['GLUTEN', 'EGGS', 'MILK'], [356, 10], {
        hu: ['Paprikás csirke nokedlivel', 'Csirkecomb paprikás-tejfölös mártásban, vajas nokedli'],
        en: [
          'Chicken paprikash with dumplings',
          'Chicken leg in paprika and sour-cream sauce, buttered nokedli',
        ],
        de: ['Paprikahuhn mit Nockerln', 'Hühnerkeule in Paprika-Sauerrahmsauce, Butternockerln'],
      }),
      dish('marhaporkolt', 5290, F, ['GLUTEN', 'EGGS', 'CELERY'], [241, 8], {
        hu: ['Marhapörkölt galuskával', 'Lassan főtt marhalábszár, vöröshagyma, édesnemes paprika'],
        en: ['Beef stew with dumplings', 'Slow-cooked beef shin, onions and sweet paprika'],
        de: ['Rindergulasch mit Nockerln', 'Langsam geschmorte Rinderwade, Zwiebeln, Edelsüß-Paprika'],
      }),
      dish('toltott-kaposzta', 4490, F, ['MILK', 'SULPHUR_DIOXIDE'], [198, 16], {
        hu: ['Töltött káposzta', 'Savanyú káposztalevélbe töltött darált sertéshús, füstölt oldalas, tejföl'],
        en: ['Stuffed cabbage', 'Pork-filled sauerkraut rolls with smoked ribs and sour cream'],
        de: ['Gefüllter Kohl', 'Sauerkrautrouladen mit Schweinefleisch, geräucherten Rippchen und Sauerrahm'],
      }),
      dish('rantott-sertesszelet', 4290, F, ['GLUTEN', 'EGGS', 'MILK'], [287, 12], {
        hu: ['Rántott sertésszelet hasábburgonyával', 'Bécsi módra, citrommal és vegyes savanyúsággal'],
        en: ['Breaded pork schnitzel with chips', 'Vienna style, with lemon and mixed pickles'],
        de: ['Paniertes Schweineschnitzel mit Pommes', 'Wiener Art, mit Zitrone und gemischten Essiggurken'],
      }),
      dish('turos-csusza', 3290, F, ['GLUTEN', 'EGGS', 'MILK'], [132, 21], {
        hu: ['Túrós csusza', 'Házi tészta, tehéntúró, tejföl, ropogós szalonnapörc'],
        en: ['Pasta with cottage cheese', 'Home-made pasta, curd cheese, sour cream and crispy bacon'],
      }),
      dish('kacsacomb', 5990, F, ['MILK', 'CELERY', 'SULPHUR_DIOXIDE'], [174, 5], {
        hu: ['Konfitált kacsacomb', 'Vörösboros párolt lilakáposzta, hagymás törtburgonya'],
        en: ['Confit duck leg', 'Red cabbage braised in red wine, mashed potatoes with onions'],
        de: ['Konfierte Entenkeule', 'In Rotwein geschmortes Rotkraut, Kartoffelstampf mit Zwiebeln'],
      }),
      dish(
        'balatoni-fogas',
        7490,
        F,
        ['FISH', 'MILK'],
        [58, 2],
        {
          hu: ['Balatoni fogas roston', 'Citromos vajmártás, petrezselymes újburgonya'],
          en: ['Grilled Lake Balaton pike-perch', 'Lemon butter sauce, parsley new potatoes'],
          de: ['Zander vom Plattensee, gegrillt', 'Zitronenbutter, Petersilienkartoffeln'],
        },
        { soldOut: true },
      ),
      dish('tenger-gyumolcsei', 6990, F, ['CRUSTACEANS', 'MOLLUSCS', 'MILK', 'GLUTEN'], [49, 6], {
        hu: ['Grillezett tintahal és garnélarák', 'Fokhagymás vaj, citrom, pirított kovászos kenyér'],
        en: ['Grilled squid and king prawns', 'Garlic butter, lemon, toasted sourdough'],
      }),
    ],
  ),
  category(
    'vegan-vegetarianus',
    {
      hu: ['Vegán és vegetáriánus', 'Húsmentes kedvencek — a vegán fogásokat levél jelöli'],
      en: ['Vegan and vegetarian', 'Meat-free favourites — vegan dishes carry the leaf'],
      de: ['Vegan und vegetarisch'],
    },
    [
      dish('lecso', 3290, F, ['VEGAN'], [145, 9], {
        hu: ['Lecsó', 'Paprika, paradicsom, hagyma lassan összefőzve, jázminrizzsel'],
        en: ['Lecsó', 'Peppers, tomatoes and onions stewed slowly, with jasmine rice'],
        de: ['Letscho', 'Paprika, Tomaten und Zwiebeln, langsam geschmort, mit Jasminreis'],
      }),
      dish('gombapaprikas', 3890, F, ['GLUTEN', 'EGGS', 'MILK'], [102, 7], {
        hu: ['Gombapaprikás nokedlivel', 'Erdei gomba paprikás-tejfölös mártásban'],
        en: ['Mushroom paprikash with dumplings', 'Wild mushrooms in paprika and sour-cream sauce'],
      }),
      dish('rantott-sajt', 3490, F, ['GLUTEN', 'EGGS', 'MILK'], [163, 11], {
        hu: ['Rántott sajt', 'Trappista és camembert, rizs, házi tartármártás'],
        en: ['Fried cheese', 'Trappist and camembert, rice, home-made tartar sauce'],
        de: ['Gebackener Käse', 'Trappista und Camembert, Reis, hausgemachte Remoulade'],
      }),
      dish('csicseriborso-fasirt', 3690, F, ['SESAME', 'LUPIN', 'MUSTARD', 'VEGAN'], [77, 8], {
        hu: ['Csicseriborsó-fasírt', 'Csillagfürtlisztes fasírt, tahinis saláta, mustáros öntet'],
        en: ['Chickpea patties', 'Made with lupin flour, tahini salad and mustard dressing'],
      }),
      dish('lencsefozelek', 3490, F, ['SOYBEANS', 'CELERY', 'VEGAN'], [64, 10], {
        hu: ['Lencsefőzelék sült tofuval', 'Babérleveles lencse, füstös tofu, friss petrezselyem'],
        en: ['Lentil stew with roasted tofu', 'Lentils with bay leaf, smoky tofu and fresh parsley'],
        de: ['Linseneintopf mit Tofu', 'Linsen mit Lorbeer, geräucherter Tofu, Petersilie'],
      }),
    ],
  ),
];
