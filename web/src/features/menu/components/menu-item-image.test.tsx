import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MenuItemImage } from './menu-item-image.tsx';

// Decision record 039: the app's own pictures come in smaller copies; the browser picks one by the width the
// picture is drawn at. `src` stays the original, for browsers without srcset and as the fallback.
const OWN = '/images/menu/gulyasleves.webp';
const OWN_SRCSET =
  '/images/variants/menu/gulyasleves-320w.webp 320w, /images/variants/menu/gulyasleves-520w.webp 520w, ' +
  '/images/menu/gulyasleves.webp 800w';

function image(props: Parameters<typeof MenuItemImage>[0]): HTMLImageElement {
  const { container } = render(<MenuItemImage {...props} />);
  const img = container.querySelector('img');
  if (!img) throw new Error('no picture');
  return img;
}

describe('MenuItemImage', () => {
  it('offers a square thumbnail the copies, drawn 171 px wide (a 16:9 picture covering 96 px)', () => {
    const img = image({ src: OWN, alt: '', variant: 'square' });
    expect(img.getAttribute('src')).toBe(OWN);
    expect(img.getAttribute('srcset')).toBe(OWN_SRCSET);
    expect(img.getAttribute('sizes')).toBe('171px');
    expect(img.getAttribute('width')).toBe('96');
    expect(img.getAttribute('loading')).toBe('lazy');
  });

  it("offers the dish's details the copies at the dialog's width", () => {
    const img = image({ src: OWN, alt: 'Goulash', variant: 'wide', eager: true, priority: 'high' });
    expect(img.getAttribute('srcset')).toBe(OWN_SRCSET);
    expect(img.getAttribute('sizes')).toBe('(max-width: 592px) calc(100vw - 2rem), 560px');
    expect(img.getAttribute('width')).toBe('640');
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });

  it('shows a picture hosted elsewhere from src alone', () => {
    const img = image({ src: 'https://cdn.example.com/soup.webp', alt: '', variant: 'square' });
    expect(img.getAttribute('src')).toBe('https://cdn.example.com/soup.webp');
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.hasAttribute('sizes')).toBe(false);
  });

  it('shows the placeholder when the picture fails', () => {
    const { container } = render(<MenuItemImage src={OWN} alt="" variant="square" />);
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('svg')).not.toBeNull();
  });
});
