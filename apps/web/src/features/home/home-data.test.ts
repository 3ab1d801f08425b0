import type { CategoryNode } from '@podbor/contract';
import { describe, expect, it } from 'vitest';
import { popularCategories } from './home-data';

const node = (slug: string, found: number, children?: CategoryNode[]): CategoryNode => ({
  slug,
  title: slug,
  found,
  total: found + 100,
  category_found: found,
  category_total: found + 100,
  children,
});

describe('popular categories of the home page', () => {
  it('takes second-level categories that fit the vehicle, most products first', () => {
    const popular = popularCategories(
      [
        node('oils', 200, [node('motor', 150), node('gear', 50), node('brake-fluid', 0)]),
        node('brakes', 80, [node('pads', 80, [node('front', 80)])]),
        node('gifts', 30),
        node('empty', 0),
      ],
      10,
    );
    expect(popular.map((c) => c.slug)).toEqual(['motor', 'pads', 'gear', 'gifts']);
    expect(popular[1]).toMatchObject({ path: ['brakes', 'pads'], root: 'brakes', count: 80 });
    expect(popular[3]).toMatchObject({ path: ['gifts'], root: 'gifts' });
  });

  it('respects the limit', () => {
    expect(
      popularCategories([node('a', 3, [node('x', 1), node('y', 2), node('z', 3)])], 2).map((c) => c.slug),
    ).toEqual(['z', 'y']);
  });
});

describe('popular categories for a vehicle', () => {
  const fitted = (slug: string, found: number, own: number, children?: CategoryNode[]): CategoryNode => ({
    ...node(slug, found, children),
    fitted: own,
  });

  it('puts the categories of parts fitted to it first, universal-only ones after, however many those have', () => {
    const popular = popularCategories(
      [
        fitted('oils', 16_000, 0, [fitted('motor', 15_000, 0), fitted('gear', 1_000, 0)]),
        fitted('brakes', 90, 90, [fitted('pads', 60, 60), fitted('discs', 30, 30)]),
        fitted('filters', 40, 25, [fitted('oil-filters', 40, 25)]),
      ],
      10,
    );
    expect(popular.map((c) => c.slug)).toEqual(['pads', 'discs', 'oil-filters', 'motor', 'gear']);
    expect(popular[2]).toMatchObject({ count: 40, fitted: 25 });
    expect(popular[3]).toMatchObject({ count: 15_000, fitted: 0 });
  });
});
