// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LoadingTitle } from './loading-title';

// SPEC §2 title prefix «Загрузка»: a route's loading state titles the tab until the page is there.

afterEach(cleanup);

describe('LoadingTitle', () => {
  it('titles the tab «Загрузка…» while shown and gives the title back when the page kept the same one', () => {
    document.title = 'Корзина — Подбор';
    const view = render(<LoadingTitle />);
    expect(document.title).toBe('Загрузка…');
    view.unmount();
    expect(document.title).toBe('Корзина — Подбор');
  });

  it('leaves the new page’s own title alone', () => {
    document.title = 'Главная — Подбор';
    const view = render(<LoadingTitle />);
    document.title = 'Оформление заказа — Подбор';
    view.unmount();
    expect(document.title).toBe('Оформление заказа — Подбор');
  });
});
