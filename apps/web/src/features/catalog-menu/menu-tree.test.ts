import type { CategoryNode } from '@podbor/contract';
import { describe, expect, it } from 'vitest';
import { inGroupsOf, visibleTree } from './menu-tree';

const node = (slug: string, found: number, children?: CategoryNode[]): CategoryNode => ({
  slug,
  title: slug.toUpperCase(),
  found,
  total: found + 10,
  category_found: 0,
  category_total: 0,
  children,
});

describe('catalogue menu tree', () => {
  it('hides categories and subcategories where nothing fits, at every level', () => {
    const tree = visibleTree([
      node('brakes', 5, [node('pads', 5, [node('front', 0), node('rear', 5)]), node('discs', 0)]),
      node('oils', 0, [node('motor', 0)]),
    ]);
    expect(tree.map((n) => n.slug)).toEqual(['brakes']);
    expect(tree[0]!.children.map((n) => n.slug)).toEqual(['pads']);
    expect(tree[0]!.children[0]!.children.map((n) => n.slug)).toEqual(['rear']);
  });

  it('keeps the slug chain of every node for its URL and shows the found count', () => {
    const [brakes] = visibleTree([node('brakes', 7, [node('pads', 3, [node('rear', 3)])])]);
    expect(brakes!.count).toBe(7);
    expect(brakes!.children[0]!.children[0]!.path).toEqual(['brakes', 'pads', 'rear']);
  });

  it('groups items in threes', () => {
    expect(inGroupsOf([1, 2, 3, 4, 5, 6, 7], 3)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(inGroupsOf([], 3)).toEqual([]);
  });
});
