import { describe, expect, it } from 'vitest';
import { placeCard } from './place-card.ts';

const viewport = { width: 1000, height: 800 };
const card = { width: 320, height: 200 };

describe('placeCard', () => {
  it('goes below the anchor when there is room', () => {
    const place = placeCard({ top: 100, left: 50, width: 20, height: 16 }, card, viewport);
    expect(place).toEqual({ top: 122, left: 50, side: 'below' });
  });

  it('flips above near the bottom of the screen', () => {
    const place = placeCard({ top: 700, left: 50, width: 20, height: 16 }, card, viewport);
    expect(place.side).toBe('above');
    expect(place.top + card.height).toBeLessThanOrEqual(700);
  });

  it('shifts left to stay inside the right edge', () => {
    const place = placeCard({ top: 100, left: 900, width: 20, height: 16 }, card, viewport);
    expect(place.left).toBe(1000 - 8 - 320);
  });

  it('never leaves the screen on a small viewport', () => {
    const small = { width: 390, height: 300 };
    const place = placeCard(
      { top: 150, left: 10, width: 20, height: 16 },
      { width: 374, height: 260 },
      small,
    );
    expect(place.top).toBeGreaterThanOrEqual(8);
    expect(place.top + 260).toBeLessThanOrEqual(300 - 8 + 0.5);
    expect(place.left).toBe(8);
  });
});
