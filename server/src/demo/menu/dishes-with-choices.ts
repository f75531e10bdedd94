import { dish, FOOD_VAT as F } from './dish.ts';

/**
 * Mains a diner makes choices for (issue 27). They share pictures already drawn for the demo (a beef dish,
 * a patty, a flatbread) rather than adding pictures of their own.
 */
export const DISHES_WITH_CHOICES = [
  dish(
    'bifszek',
    7990,
    F,
    [],
    [88, 3],
    {
      hu: ['Bélszínsteak', 'Magyar szürkemarha bélszín, grillezett zöldségek, rozmaringos burgonya'],
      en: [
        'Beef tenderloin steak',
        'Hungarian grey cattle tenderloin, grilled vegetables, rosemary potatoes',
      ],
      sk: [
        'Steak zo sviečkovej',
        'Sviečková z maďarského sivého dobytka, grilovaná zelenina, rozmarínové zemiaky',
      ],
      cz: [
        'Steak ze svíčkové',
        'Svíčková z maďarského šedého skotu, grilovaná zelenina, rozmarýnové brambory',
      ],
      de: ['Rinderfiletsteak', 'Filet vom ungarischen Steppenrind, Grillgemüse, Rosmarinkartoffeln'],
      fr: [
        'Steak de filet de bœuf',
        'Filet de bœuf gris hongrois, légumes grillés, pommes de terre au romarin',
      ],
      pl: [
        'Stek z polędwicy wołowej',
        'Polędwica z węgierskiego bydła szarego, grillowane warzywa, ziemniaki z rozmarynem',
      ],
      si: [
        'Zrezek iz govejega fileja',
        'File madžarskega sivega goveda, zelenjava z žara, rožmarinov krompir',
      ],
      hr: [
        'Odrezak od goveđeg fileta',
        'File mađarskog sivog goveda, povrće s roštilja, krumpir s ružmarinom',
      ],
      ro: [
        'Friptură de mușchi de vită',
        'Mușchi de vită sură maghiară, legume la grătar, cartofi cu rozmarin',
      ],
    },
    { picture: 'marhaporkolt', optionGroups: ['steak-doneness', 'steak-sauce'] },
  ),
  dish(
    'paprika-burger',
    4490,
    F,
    ['GLUTEN', 'SESAME', 'MUSTARD'],
    [132, 9],
    {
      hu: [
        'Paprikás burger',
        'Marhahúspogácsa, füstölt paprikás majonéz, lilahagyma, csemege uborka, paradicsom',
      ],
      en: ['Paprika burger', 'Beef patty, smoked paprika mayo, red onion, pickles, tomato'],
      sk: [
        'Paprikový burger',
        'Hovädzí karbonátok, majonéza s údenou paprikou, červená cibuľa, uhorky, paradajka',
      ],
      cz: ['Paprikový burger', 'Hovězí placka, majonéza s uzenou paprikou, červená cibule, okurky, rajče'],
      de: [
        'Paprika-Burger',
        'Rindfleisch-Patty, Mayo mit geräuchertem Paprika, rote Zwiebel, Essiggurken, Tomate',
      ],
      fr: [
        'Burger au paprika',
        'Steak haché de bœuf, mayonnaise au paprika fumé, oignon rouge, cornichons, tomate',
      ],
      pl: ['Burger paprykowy', 'Kotlet wołowy, majonez z wędzoną papryką, czerwona cebula, ogórki, pomidor'],
      si: [
        'Paprika burger z govedino',
        'Goveja polpeta, majoneza z dimljeno papriko, rdeča čebula, kumarice, paradižnik',
      ],
      hr: [
        'Burger s paprikom',
        'Goveđa pljeskavica, majoneza s dimljenom paprikom, crveni luk, krastavci, rajčica',
      ],
      ro: ['Burger cu boia', 'Chiftea de vită, maioneză cu boia afumată, ceapă roșie, castraveți, roșie'],
    },
    { picture: 'csicseriborso-fasirt', optionGroups: ['burger-extras', 'burger-without'] },
  ),
  dish(
    'pizza-margherita',
    3290,
    F,
    ['GLUTEN', 'MILK'],
    [97, 6],
    {
      hu: ['Margherita pizza', 'Kemencében sült, paradicsomszósz, mozzarella, bazsalikom'],
      en: ['Pizza Margherita', 'Stone-baked, tomato sauce, mozzarella, basil'],
      sk: ['Pizza Margherita', 'Pečená v peci, paradajková omáčka, mozzarella, bazalka'],
      cz: ['Pizza Margherita', 'Pečená v peci, rajčatová omáčka, mozzarella, bazalka'],
      de: ['Pizza Margherita', 'Im Steinofen gebacken, Tomatensoße, Mozzarella, Basilikum'],
      fr: ['Pizza Margherita', 'Cuite au four à pierre, sauce tomate, mozzarella, basilic'],
      pl: ['Pizza Margherita', 'Pieczona w piecu kamiennym, sos pomidorowy, mozzarella, bazylia'],
      si: ['Pica Margherita', 'Pečena v krušni peči, paradižnikova omaka, mocarela, bazilika'],
      hr: ['Pizza Margherita', 'Pečena u krušnoj peći, umak od rajčice, mozzarella, bosiljak'],
      ro: ['Pizza Margherita', 'Coaptă pe vatră, sos de roșii, mozzarella, busuioc'],
    },
    { picture: 'langos', optionGroups: ['pizza-size'] },
  ),
];
