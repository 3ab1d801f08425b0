// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TableSkeleton } from './admin-ui';

afterEach(cleanup);

describe('TableSkeleton', () => {
  // aria-label is not allowed on a bare <div> (axe's aria-prohibited-attr, seen in the back office's e2e run while a
  // table was loading): the placeholder rows are a status, named «Загрузка».
  it('is a busy status named «Загрузка»', () => {
    render(<TableSkeleton rows={3} />);
    const status = screen.getByRole('status', { name: 'Загрузка' });
    expect(status.getAttribute('aria-busy')).toBe('true');
  });
});
