import * as thumbsDown from 'lucide-react/icons/thumbs-down';
import * as thumbsUp from 'lucide-react/icons/thumbs-up';
import type { CSSProperties } from 'react';
import { iconAsMaskImage } from '../../../lib/lucide-icon.ts';

/**
 * The two rating pictures, once per menu screen, as CSS images its rating counts and buttons paint in their
 * own colour (`currentColor`, so a pressed button's icon turns with its text) from a pseudo-element
 * (rating.module.css `.like::before`): no element of their own on any dish. Before, each was an `svg` and a
 * `use` of a sprite, four elements per dish (decision record 047).
 */
export const RATING_ICONS_STYLE = {
  '--rating-like-icon': iconAsMaskImage(thumbsUp),
  '--rating-dislike-icon': iconAsMaskImage(thumbsDown),
} as CSSProperties;
