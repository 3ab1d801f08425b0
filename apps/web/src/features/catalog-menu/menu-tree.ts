import type { CategoryNode } from '@podbor/contract';

// What the catalogue menu shows (SPEC §2): categories and subcategories with `found` = 0 are hidden; the
// top-level items are laid out in rows of three.

export interface MenuNode {
  slug: string;
  title: string;
  image: string | null;
  /** Products that fit the chosen vehicle (all products when none is chosen). */
  count: number;
  /** Slug chain root → this node. */
  path: string[];
  children: MenuNode[];
}

export function visibleTree(nodes: readonly CategoryNode[], parentPath: readonly string[] = []): MenuNode[] {
  return nodes
    .filter((node) => node.found > 0)
    .map((node) => {
      const path = [...parentPath, node.slug];
      return {
        slug: node.slug,
        title: node.title,
        image: node.image ?? null,
        count: node.found,
        path,
        children: visibleTree(node.children ?? [], path),
      };
    });
}

export function inGroupsOf<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let i = 0; i < items.length; i += size) groups.push(items.slice(i, i + size));
  return groups;
}
