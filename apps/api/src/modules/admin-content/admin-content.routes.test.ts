import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_ROUTES,
  buildPath,
  CONTENT_MESSAGES,
  MESSAGES,
  type AdminBanner,
  type AdminPage,
  type AdminShowcase,
} from '@podbor/contract';
import { eventHub, type ShopEvent } from '../../lib/events';
import { createTestContext, json, type TestContext } from '../../../test/helpers';
import { rows, user } from '../../../test/shop-helpers';

// Issue #14's content desk: banners, info pages and the showcase's settings. Each write is audited, announced to
// every API process, seen by the storefront's own calls at once, refused in Russian when wrong, and (pages,
// settings) refused with 409 when made on an older version.

let ctx: TestContext;
let admin: string;
let adminId: number;
let manager: string;
const events: ShopEvent[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
  const a = await user(ctx, 'admin');
  admin = a.authorization;
  adminId = a.userId;
  manager = (await user(ctx, 'manager')).authorization;
  eventHub(ctx.handle.db).on((e) => events.push(e));
});
afterAll(() => ctx?.close());

type Name = keyof typeof API_ROUTES;
const call = (name: Name, opts: { id?: number; payload?: unknown; authorization?: string } = {}) => {
  const def = API_ROUTES[name];
  return ctx.app.inject({
    method: def.method,
    url: buildPath(def.path, opts.id === undefined ? {} : { id: String(opts.id) }),
    headers: { authorization: opts.authorization ?? admin },
    ...(opts.payload === undefined ? {} : { payload: opts.payload as Record<string, unknown> }),
  });
};
const lastAudit = async (action: string) =>
  (
    await rows<{ user_id: number; entity_id: string; data: Record<string, { from: unknown; to: unknown }> }>(
      ctx,
      sql`select user_id, entity_id, data from audit_log where action = ${action} order by id desc limit 1`,
    )
  )[0];
const publicGet = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('banners', () => {
  const upload = (id: number, file: Buffer) => {
    const boundary = '----podbor-banner';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="b.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    return ctx.app.inject({
      method: 'POST',
      url: buildPath(API_ROUTES.adminBannerImageUpload.path, { id: String(id) }),
      headers: { authorization: admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
  };

  it('adds a home banner, shows it on the storefront only once it has a picture, resized into 1600×600 WebP', async () => {
    const res = await call('adminBannerCreate', {
      payload: { title: '  Скидки на фильтры ', subtitle: 'Только неделю', url: '/catalog/filtry' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const banner = json<AdminBanner>(res);
    expect(banner).toMatchObject({ title: 'Скидки на фильтры', category: null, is_active: true, image: '' });
    expect(
      json<{ id: number }[]>(await publicGet('/api/v1/catalog/banners/')).map((b) => b.id),
    ).not.toContain(banner.id);

    const png = await sharp({ create: { width: 3200, height: 1000, channels: 3, background: '#2e6bd8' } })
      .png()
      .toBuffer();
    const up = await upload(banner.id, png);
    expect(up.statusCode, up.body).toBe(200);
    const withImage = json<AdminBanner>(up);
    // Sent as an absolute URL of the media store, like every picture of the API.
    const stored = new URL(withImage.image, 'http://x').pathname;
    expect(stored).toMatch(/^\/media\/banners\/u\/\d+-[0-9a-f]{16}\.webp$/);
    const meta = await sharp(path.join(ctx.config.dataDir, stored)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 500 });

    const shop = json<{ id: number; title: string; url: string }[]>(
      await publicGet('/api/v1/catalog/banners/'),
    );
    expect(shop.find((b) => b.id === banner.id)).toMatchObject({
      title: 'Скидки на фильтры',
      url: '/catalog/filtry',
    });
    const audit = await lastAudit('banner.image');
    expect(audit).toMatchObject({ user_id: adminId, entity_id: String(banner.id) });
    expect(audit?.data.image).toEqual({ from: '', to: stored });
    expect(events).toContainEqual({ type: 'content.changed', entity: 'banner', ids: [banner.id] });

    // Not a picture.
    const fake = await upload(banner.id, Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(fake.statusCode).toBe(400);
    expect(json(fake)).toEqual({ errors: { image: [expect.any(String)] } });
  });

  it('moves a banner to a category, switches it off, reorders a place and deletes, each audited', async () => {
    const make = async (title: string) =>
      json<AdminBanner>(await call('adminBannerCreate', { payload: { title, category: 'motornye-masla' } }));
    const a = await make('Первый');
    const b = await make('Второй');
    expect(a.category).toMatchObject({ slug: 'motornye-masla' });
    expect(b.sort).toBeGreaterThan(a.sort);

    const off = await call('adminBannerUpdate', {
      id: a.id,
      payload: { is_active: false, url: 'https://example.ru/x' },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(json<AdminBanner>(off)).toMatchObject({ is_active: false, url: 'https://example.ru/x' });
    expect((await lastAudit('banner.update'))?.data.is_active).toEqual({ from: true, to: false });

    const place = json<AdminBanner[]>(await call('adminBanners')).filter(
      (x) => x.category?.slug === 'motornye-masla',
    );
    const reversed = place.map((x) => x.id).reverse();
    const re = await call('adminBannersReorder', { payload: { category: 'motornye-masla', ids: reversed } });
    expect(re.statusCode, re.body).toBe(200);
    expect(
      json<AdminBanner[]>(re)
        .filter((x) => x.category?.slug === 'motornye-masla')
        .map((x) => x.id),
    ).toEqual(reversed);
    // Not every banner of the place: refused, nothing changes.
    const partial = await call('adminBannersReorder', {
      payload: { category: 'motornye-masla', ids: [a.id] },
    });
    expect(partial.statusCode).toBe(400);
    expect(json(partial)).toEqual({ errors: { ids: [CONTENT_MESSAGES.reorderMismatch] } });

    const del = await call('adminBannerDelete', { id: b.id });
    expect(del.statusCode, del.body).toBe(200);
    expect(json<AdminBanner[]>(await call('adminBanners')).some((x) => x.id === b.id)).toBe(false);
    expect((await lastAudit('banner.delete'))?.entity_id).toBe(String(b.id));
    expect((await call('adminBannerDelete', { id: b.id })).statusCode).toBe(404);
  });

  it('refuses javascript: and other links, an unknown category and an empty title in Russian; managers get 403', async () => {
    for (const url of [
      'javascript:alert(1)',
      '//evil.example/x',
      'http://example.ru',
      'data:text/html,x',
      '/\\evil',
    ]) {
      const res = await call('adminBannerCreate', { payload: { title: 'Плохая ссылка', url } });
      expect(res.statusCode, url).toBe(400);
      expect(json(res), url).toEqual({ errors: { url: [CONTENT_MESSAGES.linkInvalid] } });
    }
    const bad = await call('adminBannerCreate', { payload: { title: ' ', category: 'net-takoy' } });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toEqual({ errors: { title: [MESSAGES.required] } });
    const unknown = await call('adminBannerCreate', { payload: { title: 'Есть', category: 'net-takoy' } });
    expect(json(unknown)).toEqual({ errors: { category: [CONTENT_MESSAGES.unknownCategory] } });
    expect(
      (await call('adminBannerCreate', { payload: { title: 'Я менеджер' }, authorization: manager }))
        .statusCode,
    ).toBe(403);
    expect((await call('adminBanners', { authorization: manager })).statusCode).toBe(403);
  });
});

describe('info pages', () => {
  it('adds a draft with its address from the title, unique; publishing shows it on the storefront; text is sanitised', async () => {
    const first = await call('adminPageCreate', { payload: { title: 'Подарочные сертификаты' } });
    expect(first.statusCode, first.body).toBe(201);
    const page = json<AdminPage>(first);
    expect(page).toMatchObject({
      slug: 'podarochnye-sertifikaty',
      is_published: false,
      url: '/pages/podarochnye-sertifikaty',
    });
    const twin = json<AdminPage>(
      await call('adminPageCreate', { payload: { title: 'Подарочные  сертификаты!' } }),
    );
    expect(twin.slug).toBe('podarochnye-sertifikaty-2');

    // A draft is not on the storefront.
    expect((await publicGet(`/api/v1/pages/${page.slug}/`)).statusCode).toBe(404);
    expect(json<{ slug: string }[]>(await publicGet('/api/v1/pages/menu/')).map((p) => p.slug)).not.toContain(
      page.slug,
    );

    const res = await call('adminPageUpdate', {
      id: page.id,
      payload: {
        version: page.version,
        is_published: true,
        text: '<p onclick="x()">Сертификат на <strong>5000 ₽</strong></p><script>alert(1)</script><img src="https://evil/x.png">',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = json<AdminPage>(res);
    expect(saved.text).toBe('<p>Сертификат на <strong>5000 ₽</strong></p>');
    expect(saved.version).not.toBe(page.version);
    const shown = await publicGet(`/api/v1/pages/${page.slug}/`);
    expect(shown.statusCode).toBe(200);
    expect(json<{ text: string }>(shown).text).toBe(saved.text);
    expect(json<{ slug: string }[]>(await publicGet('/api/v1/pages/menu/')).map((p) => p.slug)).toContain(
      page.slug,
    );
    const audit = await lastAudit('page.update');
    expect(audit?.data.is_published).toEqual({ from: false, to: true });
    expect(audit?.data.text).toEqual({ from: '', to: saved.text });
    expect(events).toContainEqual({ type: 'content.changed', entity: 'page', ids: [page.id] });

    // The list has both, drafts included.
    const list = json<{ id: number }[]>(await call('adminPages')).map((p) => p.id);
    expect(list).toEqual(expect.arrayContaining([page.id, twin.id]));

    expect((await call('adminPageDelete', { id: twin.id })).statusCode).toBe(200);
    expect((await call('adminPage', { id: twin.id })).statusCode).toBe(404);
  });

  it('a second admin saving an older version gets 409 and nothing is lost', async () => {
    const page = json<AdminPage>(
      await call('adminPageCreate', { payload: { title: 'Конфликт', text: '<p>1</p>' } }),
    );
    const one = await call('adminPageUpdate', {
      id: page.id,
      payload: { version: page.version, text: '<p>первый</p>' },
    });
    expect(one.statusCode).toBe(200);
    const two = await call('adminPageUpdate', {
      id: page.id,
      payload: { version: page.version, text: '<p>второй</p>' },
    });
    expect(two.statusCode).toBe(409);
    expect(json(two)).toEqual({ errors: { detail: CONTENT_MESSAGES.pageStale } });
    expect(json<AdminPage>(await call('adminPage', { id: page.id })).text).toBe('<p>первый</p>');
  });

  it('refuses a taken, reserved or malformed address, a title with no letters for an address, and managers', async () => {
    const page = json<AdminPage>(await call('adminPageCreate', { payload: { title: 'Ещё одна' } }));
    const taken = await call('adminPageUpdate', {
      id: page.id,
      payload: { version: page.version, slug: 'dostavka' },
    });
    expect(taken.statusCode).toBe(400);
    expect(json(taken)).toEqual({ errors: { slug: [CONTENT_MESSAGES.slugTaken] } });
    const menu = await call('adminPageCreate', { payload: { title: 'Меню', slug: 'menu' } });
    expect(json(menu)).toEqual({ errors: { slug: [CONTENT_MESSAGES.slugTaken] } });
    const bad = await call('adminPageCreate', { payload: { title: 'Плохой адрес', slug: 'Про нас' } });
    expect(json(bad)).toEqual({ errors: { slug: [CONTENT_MESSAGES.slugInvalid] } });
    const symbols = await call('adminPageCreate', { payload: { title: '!!!' } });
    expect(json(symbols)).toEqual({ errors: { slug: [CONTENT_MESSAGES.slugEmpty] } });
    const noVersion = await call('adminPageUpdate', { id: page.id, payload: { title: 'Без версии' } });
    expect(noVersion.statusCode).toBe(400);
    expect(json(noVersion)).toEqual({ errors: { version: [MESSAGES.required] } });
    expect((await call('adminPageUpdate', { id: 999_999, payload: { version: 'x' } })).statusCode).toBe(404);
    const asManager = await call('adminPageUpdate', {
      id: page.id,
      payload: { version: page.version, title: 'Менеджер' },
      authorization: manager,
    });
    expect(asManager.statusCode).toBe(403);
  });
});

describe('showcase settings', () => {
  it('an admin changes the phone and hours: the storefront showcase shows them at once, the log keeps before → after', async () => {
    // The storefront's answer is cached by the process: read it first so the test proves the cache is dropped.
    const before = json<{ phone: string }>(await publicGet('/api/v1/showcase/'));
    const current = json<AdminShowcase>(await call('adminShowcase'));
    expect(current.phone).toBe(before.phone);
    const res = await call('adminShowcaseUpdate', {
      payload: {
        version: current.version,
        phone: '+7 (800) 100-20-30',
        work_hours_from: '09:00',
        metric_id: '12345',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = json<AdminShowcase>(res);
    expect(saved).toMatchObject({
      phone: '+7 (800) 100-20-30',
      work_hours_from: '09:00',
      metric_id: '12345',
    });
    const shop = await publicGet('/api/v1/showcase/');
    expect(shop.headers['cache-control']).toBe('no-cache');
    expect(
      json<{ phone: string; work_hours: { from: string }; metrics: { metric_id: number } }>(shop),
    ).toMatchObject({
      phone: '+7 (800) 100-20-30',
      work_hours: { from: '09:00' },
      metrics: { metric_id: 12345 },
    });
    const audit = await lastAudit('showcase.update');
    expect(audit?.data.phone).toEqual({ from: current.phone, to: '+7 (800) 100-20-30' });
    expect(events).toContainEqual({ type: 'content.changed', entity: 'showcase', ids: [] });

    // The old version is stale now.
    const stale = await call('adminShowcaseUpdate', {
      payload: { version: current.version, title: 'Другое' },
    });
    expect(stale.statusCode).toBe(409);
    expect(json(stale)).toEqual({ errors: { detail: CONTENT_MESSAGES.showcaseStale } });
  });

  it('refuses a bad ИНН, ОГРН, time, hours out of order, a non-https social link and an unknown time zone in Russian', async () => {
    const { version } = json<AdminShowcase>(await call('adminShowcase'));
    const bad = await call('adminShowcaseUpdate', {
      payload: {
        version,
        inn: '7727123457',
        ogrn: '112774612345',
        work_hours_to: '25:00',
        social_link_vk: 'javascript:alert(1)',
        time_zone: 'Марс/Олимп',
        phone: '',
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toEqual({
      errors: {
        inn: [CONTENT_MESSAGES.innInvalid],
        ogrn: [CONTENT_MESSAGES.ogrnInvalid],
        work_hours_to: [CONTENT_MESSAGES.timeInvalid],
        social_link_vk: [CONTENT_MESSAGES.httpsInvalid],
        time_zone: [CONTENT_MESSAGES.timeZoneInvalid],
        phone: [MESSAGES.required],
      },
    });
    const order = await call('adminShowcaseUpdate', { payload: { version, work_hours_to: '07:00' } });
    expect(json(order)).toEqual({ errors: { work_hours_to: [CONTENT_MESSAGES.hoursOrder] } });
    // Valid ones of a person (12 / 15 digits) pass.
    const person = await call('adminShowcaseUpdate', {
      payload: { version, inn: '500100732259', ogrn: '304500116000157' },
    });
    expect(person.statusCode, person.body).toBe(200);
    expect((await call('adminShowcase', { authorization: manager })).statusCode).toBe(403);
    expect(existsSync(ctx.config.dataDir)).toBe(true);
  });
});

describe('another API process', () => {
  it("a settings change committed elsewhere (its content.changed notification) clears this process's showcase cache", async () => {
    const [row] = await rows<{ phone: string }>(ctx, sql`select phone from showcases where is_default`);
    // Cached here now.
    expect(json<{ phone: string }>(await publicGet('/api/v1/showcase/')).phone).toBe(row!.phone);
    // What another process's save does: the change and its notification in one transaction, nothing local.
    await ctx.handle.db.transaction(async (tx) => {
      await tx.execute(sql`update showcases set phone = '+7 (800) 200-00-02' where is_default`);
      await tx.execute(
        sql`select pg_notify('podbor_events', ${JSON.stringify({ type: 'content.changed', entity: 'showcase', ids: [] })})`,
      );
    });
    const since = Date.now();
    let phone = '';
    while (Date.now() - since < 5_000) {
      phone = json<{ phone: string }>(await publicGet('/api/v1/showcase/')).phone;
      if (phone === '+7 (800) 200-00-02') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(phone).toBe('+7 (800) 200-00-02');
  });
});
