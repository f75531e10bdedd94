import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../testing/render-app.tsx';
import { DietaryFilterButton } from './dietary-filter-button.tsx';

describe('dietary filter button', () => {
  // WCAG 2.5.3 (axe-core 4.14's label-content-name-mismatch): the name begins with the words it shows.
  it('shows "Dietary filter 1" and is named "Dietary filter, 1 preference"', async () => {
    renderRoute(
      '/menu/:shortName/:lang',
      '/menu/demo/en',
      <DietaryFilterButton
        preferences={{ avoid: ['MILK'], veganOnly: false, hideConflicting: false }}
        onClick={() => {}}
      />,
    );
    const button = await screen.findByRole('button', { name: 'Dietary filter, 1 preference' });
    expect(button.textContent).toBe('Dietary filter 1');
  });
});
