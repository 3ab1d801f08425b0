import { describe, expect, it } from 'vitest';
import { adminCategoryCreate, adminCategoryMove, slugFromTitle, STRUCTURE_MESSAGES } from './admin-structure';

describe('slugFromTitle', () => {
  it('transliterates a Russian or Latin title into a URL slug', () => {
    expect(slugFromTitle('Щётки стеклоочистителя')).toBe('shchetki-stekloochistitelya');
    expect(slugFromTitle('  Масла и жидкости / 5W-30 ')).toBe('masla-i-zhidkosti-5w-30');
    expect(slugFromTitle('Bosch GmbH')).toBe('bosch-gmbh');
    expect(slugFromTitle('!!!')).toBe('');
    expect(slugFromTitle('я'.repeat(300)).length).toBeLessThanOrEqual(200);
  });
});

describe('structure schemas', () => {
  it('refuse a slug that is not lower-case Latin, digits and single dashes, in Russian', () => {
    for (const slug of ['Плохой', 'a_b', '-a', 'a--b', 'a b']) {
      const r = adminCategoryCreate.safeParse({ title: 'x', slug });
      expect(r.success, slug).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(STRUCTURE_MESSAGES.slugInvalid);
    }
    expect(adminCategoryCreate.parse({ title: 'x', slug: 'Filtry-1' }).slug).toBe('filtry-1');
  });

  it('a move needs a version and a position from 0', () => {
    expect(adminCategoryMove.safeParse({ version: 'v', parent_id: null, position: 0 }).success).toBe(true);
    expect(adminCategoryMove.safeParse({ version: 'v', parent_id: null, position: -1 }).success).toBe(false);
    expect(adminCategoryMove.safeParse({ parent_id: 3, position: 1 }).success).toBe(false);
  });
});
