// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { FitmentItem } from '@podbor/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The product page's fit check applies a picked vehicle the way the vehicle selector does (lib/apply-transport):
// a vehicle picked without a year must not keep the previous vehicle's transportYear cookie.

const router = vi.hoisted(() => ({ refresh: vi.fn(), replace: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));

const answers = vi.hoisted(() => new Map<string, FitmentItem[]>());
vi.mock('@/lib/api/browser', () => ({
  browserApi: async (name: string) => ({ ok: true, data: answers.get(name) ?? [] }),
}));

const { FitmentCheck } = await import('./fitment-check');

const item = (over: Partial<FitmentItem>): FitmentItem =>
  ({ slug: 'x', title: 'X', label: '', count: 1, years: [], ...over }) as FitmentItem;

function cookies(): Record<string, string> {
  return Object.fromEntries(
    document.cookie
      .split(';')
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => p.split('=') as [string, string]),
  );
}

describe('FitmentCheck', () => {
  beforeEach(() => {
    document.cookie = 'transportId=7; Path=/';
    document.cookie = 'transportYear=2011; Path=/';
    answers.set('fitmentBrands', [item({ slug: 'lada', title: 'Lada' })]);
    answers.set('fitmentModels', [item({ slug: 'vesta', title: 'Vesta' })]);
    answers.set('fitmentYears', [item({ slug: 'all', title: 'Все годы' })]);
    answers.set('fitmentTransport', [
      item({ slug: 'vesta-16', title: 'Vesta 1.6', label: 'Lada Vesta 1.6', id: 42 }),
    ]);
  });
  afterEach(() => {
    cleanup();
    router.refresh.mockReset();
  });

  it('stores the picked vehicle and drops the stale year cookie when the pick has no year', async () => {
    render(<FitmentCheck slug="filtr" status="no-vehicle" vehicleLabel={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Выбрать автомобиль' }));
    for (const name of ['Lada', 'Vesta', 'Все годы', 'Lada Vesta 1.6']) {
      const button = await screen.findByRole('button', { name: new RegExp(name) });
      await act(async () => fireEvent.click(button));
    }
    await waitFor(() => expect(router.refresh).toHaveBeenCalled());
    expect(cookies().transportId).toBe('42');
    expect(cookies().transportYear).toBeUndefined();
  });

  it('keeps the year the visitor picked', async () => {
    answers.set('fitmentYears', [item({ slug: '2019', title: '2019' })]);
    render(<FitmentCheck slug="filtr" status="no-vehicle" vehicleLabel={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Выбрать автомобиль' }));
    for (const name of ['Lada', 'Vesta', '2019', 'Lada Vesta 1.6']) {
      const button = await screen.findByRole('button', { name: new RegExp(name) });
      await act(async () => fireEvent.click(button));
    }
    await waitFor(() => expect(router.refresh).toHaveBeenCalled());
    expect(cookies()).toMatchObject({ transportId: '42', transportYear: '2019' });
  });
});
