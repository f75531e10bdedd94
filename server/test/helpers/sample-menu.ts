/**
 * A small, valid menu file for tests; each call returns a fresh copy to mutate. Loosely typed so a test can
 * put the mistakes a person would make into it.
 */
export function sampleMenu(): SampleMenu {
  return {
    vatKeys: [
      { code: '5', valuePercent: 5 },
      { code: '27', valuePercent: 27 },
    ],
    categories: [
      {
        ref: 'soups',
        translations: [
          { isoCode: 'hu', title: 'Levesek' },
          { isoCode: 'en', title: 'Soups' },
        ],
        items: [
          {
            ref: 'gulyas',
            priceGross: 2890,
            vatKey: '5',
            allergens: ['CELERY', 'GLUTEN'],
            imageUrl: '/images/menu/gulyas.webp',
            likeCount: 12,
            dislikeCount: 1,
            translations: [
              { isoCode: 'hu', title: 'Gulyásleves', description: 'Marhahús, burgonya, csipetke' },
              { isoCode: 'en', title: 'Goulash soup', description: 'Beef, potatoes, pinched noodles' },
            ],
          },
          {
            ref: 'bableves',
            priceGross: 2690,
            vatKey: '5',
            translations: [{ isoCode: 'hu', title: 'Jókai bableves' }],
          },
        ],
      },
      {
        ref: 'desserts',
        translations: [{ isoCode: 'hu', title: 'Desszertek' }],
        items: [
          {
            ref: 'somloi',
            priceGross: 1890,
            vatKey: '5',
            allergens: ['EGGS', 'MILK', 'NUTS', 'GLUTEN'],
            availabilityType: 'SOLD_OUT',
            translations: [{ isoCode: 'hu', title: 'Somlói galuska' }],
          },
        ],
      },
    ],
  };
}

type SampleMenu = { vatKeys: { code: string; valuePercent: number }[]; categories: SampleCategory[] };

type SampleCategory = {
  ref: string;
  isActive?: boolean;
  translations: { isoCode: 'hu' | 'en' | 'de'; title: string; description?: string }[];
  items: SampleItem[];
};

type SampleItem = {
  ref: string;
  priceGross: number;
  vatKey: string;
  isActive?: boolean;
  imageUrl?: string | null;
  availabilityType?: 'AVAILABLE' | 'SOLD_OUT';
  allergens?: string[];
  likeCount?: number;
  dislikeCount?: number;
  translations: { isoCode: 'hu' | 'en' | 'de'; title: string; description?: string }[];
};
