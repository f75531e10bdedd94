import type { AllergenType } from '@tablo/contract/allergens';
import Bean from 'lucide-react/icons/bean';
import Egg from 'lucide-react/icons/egg';
import Fish from 'lucide-react/icons/fish';
import Flower2 from 'lucide-react/icons/flower-2';
import LeafyGreen from 'lucide-react/icons/leafy-green';
import Milk from 'lucide-react/icons/milk';
import Nut from 'lucide-react/icons/nut';
import Shell from 'lucide-react/icons/shell';
import Shrimp from 'lucide-react/icons/shrimp';
import Wheat from 'lucide-react/icons/wheat';
import Wine from 'lucide-react/icons/wine';
import type { ComponentType, SVGProps } from 'react';

type GlyphProps = SVGProps<SVGSVGElement>;

// Lucide has no peanut, sesame or mustard icon: these are drawn on the same 24-unit grid.
function Peanut(props: GlyphProps) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinejoin="round"
      {...props}
    >
      <path d="M12 2.5c-2.9 0-4.6 2.1-4.6 4.5 0 1.6.8 2.5.8 3.9s-1.4 2.4-1.4 4.7c0 3.3 2.3 5.9 5.2 5.9s5.2-2.6 5.2-5.9c0-2.3-1.4-3.3-1.4-4.7s.8-2.3.8-3.9c0-2.4-1.7-4.5-4.6-4.5Z" />
      <path d="M10.5 7h.01M13.5 7h.01M10.5 15h.01M13.5 15h.01" strokeLinecap="round" strokeWidth={2.5} />
    </svg>
  );
}

function Sesame(props: GlyphProps) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinejoin="round"
      {...props}
    >
      <path d="M7 3c2.2 1.6 3 3.8 2.2 5.8-.6 1.3-2.4 1.3-3 0C5.3 6.8 5.6 4.7 7 3Z" />
      <path d="M17 6c2.2 1.6 3 3.8 2.2 5.8-.6 1.3-2.4 1.3-3 0-.9-2-.6-4.1.8-5.8Z" />
      <path d="M10 12c2.2 1.6 3 3.8 2.2 5.8-.6 1.3-2.4 1.3-3 0-.9-2-.6-4.1.8-5.8Z" />
    </svg>
  );
}

function Mustard(props: GlyphProps) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinejoin="round"
      {...props}
    >
      <path d="M10 2h4v3h-4zM9 5h6l1.5 4v11a2 2 0 0 1-2 2h-5a2 2 0 0 1-2-2V9Z" />
      <path d="M7.5 13h9" />
    </svg>
  );
}

/** VEGAN's leaf (spec §3: a green leaf), its vein drawn in `vein`. */
export function VeganLeaf({ vein, ...props }: GlyphProps & { vein: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" {...props}>
      <path d="M20.5 3.5C11 3 4.5 7.6 4.5 14.2c0 1.8.5 3.3 1.4 4.5C8.1 20.4 11 21 13.6 19.8c5-2.3 7.6-8.3 6.9-16.3Z" />
      <path
        d="M3 21c2.5-5.3 6.8-9.6 12-12.5"
        fill="none"
        stroke={vein}
        strokeWidth={1.8}
        strokeLinecap="round"
      />
    </svg>
  );
}

export const ALLERGEN_GLYPHS: Record<Exclude<AllergenType, 'VEGAN'>, ComponentType<GlyphProps>> = {
  GLUTEN: Wheat,
  CRUSTACEANS: Shrimp,
  EGGS: Egg,
  FISH: Fish,
  PEANUTS: Peanut,
  SOYBEANS: Bean,
  MILK: Milk,
  NUTS: Nut,
  CELERY: LeafyGreen,
  MUSTARD: Mustard,
  SESAME: Sesame,
  SULPHUR_DIOXIDE: Wine,
  LUPIN: Flower2,
  MOLLUSCS: Shell,
};
