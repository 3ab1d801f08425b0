import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createPaymentProviders } from './providers';

const config = (env: Record<string, string>) =>
  loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
    { jwtSecret: 'x'.repeat(48), dataDir: '/nonexistent' },
  );

describe('payment providers from configuration', () => {
  it('offers cash only by default, the sandbox when enabled, YooKassa only with both credentials', () => {
    expect([...createPaymentProviders(config({})).keys()]).toEqual(['cash']);
    expect([...createPaymentProviders(config({ PAYMENT_SANDBOX_ENABLED: 'true' })).keys()]).toEqual([
      'cash',
      'sandbox',
    ]);
    expect([...createPaymentProviders(config({ YOOKASSA_SHOP_ID: '1' })).keys()]).toEqual(['cash']);
    const withYoo = config({
      PAYMENT_SANDBOX_ENABLED: '1',
      YOOKASSA_SHOP_ID: '1',
      YOOKASSA_SECRET_KEY: 's',
      YOOKASSA_API_URL: 'https://yoo.example/v3/',
    });
    expect(withYoo.yookassa).toEqual({
      shopId: '1',
      secretKey: 's',
      apiUrl: 'https://yoo.example/v3',
      vatCode: 1,
    });
    expect([...createPaymentProviders(withYoo).keys()]).toEqual(['cash', 'sandbox', 'yookassa']);
  });

  it('switches the sandbox off for a real shop, and refuses to start a production shop with it', () => {
    expect([...createPaymentProviders(config({ PAYMENT_SANDBOX_ENABLED: 'false' })).keys()]).toEqual([
      'cash',
    ]);
    expect(config({ NODE_ENV: 'production' }).paymentSandbox).toBe(false);
    for (const on of ['true', '1']) {
      expect(() => config({ NODE_ENV: 'production', PAYMENT_SANDBOX_ENABLED: on })).toThrow(
        /PAYMENT_SANDBOX_ENABLED must not be set in production/,
      );
    }
  });

  it('sends the sandbox page through the storefront unless API_PUBLIC_URL says otherwise', async () => {
    const viaShop = createPaymentProviders(
      config({ PUBLIC_URL: 'https://shop.example/', PAYMENT_SANDBOX_ENABLED: 'true' }),
    ).get('sandbox')!;
    const direct = createPaymentProviders(
      config({
        PUBLIC_URL: 'https://shop.example',
        API_PUBLIC_URL: 'https://api.example',
        PAYMENT_SANDBOX_ENABLED: 'true',
      }),
    ).get('sandbox')!;
    const input = {
      paymentId: 'p1',
      idempotenceKey: 'p1',
      orderId: 1,
      orderNumber: '123456789',
      amount: 10,
      description: '',
      returnUrl: '',
      customer: { phone: '', email: '' },
      items: [],
    };
    // Through the storefront's own /api proxy: root-relative, so it works under any host and port the shop is opened on.
    expect((await viaShop.create(input)).confirmationUrl).toBe('/api/v1/payment/sandbox/p1/');
    expect((await direct.create(input)).confirmationUrl).toBe(
      'https://api.example/api/v1/payment/sandbox/p1/',
    );
  });
});
