import { describe, expect, it } from 'vitest';
import { applyRatingChange } from './rate-item.ts';

const counts = { likeCount: 10, dislikeCount: 2 };

describe('applyRatingChange', () => {
  it('adds a new rating', () => {
    expect(applyRatingChange(counts, null, 'LIKE')).toEqual({ likeCount: 11, dislikeCount: 2 });
  });

  it('moves a changed rating from one count to the other', () => {
    expect(applyRatingChange(counts, 'LIKE', 'DISLIKE')).toEqual({ likeCount: 9, dislikeCount: 3 });
  });

  it('takes a rating back', () => {
    expect(applyRatingChange(counts, 'DISLIKE', null)).toEqual({ likeCount: 10, dislikeCount: 1 });
  });

  it('never goes below zero', () => {
    expect(applyRatingChange({ likeCount: 0, dislikeCount: 0 }, 'LIKE', null)).toEqual({
      likeCount: 0,
      dislikeCount: 0,
    });
  });
});
