import { createRestaurant } from '../modules/restaurants/manage-restaurants.ts';
import { type Command, expectPositionals, stringOption } from './command.ts';

export const createRestaurantCommand: Command = {
  name: 'create-restaurant',
  summary: 'Create a restaurant (then import its menu and add its tables)',
  usage: 'create-restaurant <shortName> --name <name> [options]',
  details: `The short name is the restaurant's part of every URL: lowercase letters, digits and inner hyphens.

Options:
  --name <text>             name shown to diners (required)
  --description-hu <text>   description shown in Hungarian
  --description-en <text>   description shown in every other language
  --image <url>             header image, e.g. /images/demo/restaurant.webp
  --menu-only               diners can read the menu but not order
  --disabled                diners see "restaurant not found" until it is enabled

Example:
  npm run tablo -- create-restaurant kisbiro --name "Kisbíró Étkezde" --description-hu "Házias ebédek"`,
  options: {
    name: { type: 'string' },
    'description-hu': { type: 'string' },
    'description-en': { type: 'string' },
    image: { type: 'string' },
    'menu-only': { type: 'boolean' },
    disabled: { type: 'boolean' },
  },
  async run(context, values, positionals) {
    expectPositionals(this, positionals, 1);
    const [shortName = ''] = positionals;
    const created = await createRestaurant(await context.database(), {
      shortName,
      name: stringOption(values, 'name') ?? '',
      descriptionHu: stringOption(values, 'description-hu') ?? '',
      descriptionEn: stringOption(values, 'description-en') ?? '',
      imageUrl: stringOption(values, 'image') ?? null,
      isOrderingEnabled: values['menu-only'] !== true,
      isEnabled: values.disabled !== true,
    });
    context.out(`Created restaurant "${created.shortName}".`);
    context.out(`Next: npm run tablo -- import-menu ${created.shortName} <menu.json>`);
    context.out(`      npm run tablo -- add-tables ${created.shortName} <count>`);
    return 0;
  },
};
