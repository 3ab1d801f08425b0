import { expect, type Page, type TestInfo } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Secret, TOTP } from 'otpauth';

// Back-office e2e helpers (issue #14): staff accounts made with the same command an operator uses
// (`npm run staff`, here its built apps/api/dist/staff.js against the e2e database), sign-in with a real TOTP code,
// and screenshots of each screen under artifacts/admin/.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const ADMIN_SCREENSHOT_DIR = path.join(ROOT, 'artifacts', 'admin');
const PASSWORD = 'Sklad-Smena-2026!';

export interface StaffAccount {
  phone: string;
  password: string;
  secret: string;
  name: string;
}

/** A new staff account (a fresh phone each time), as `npm run staff -- --phone … --role …` creates it. */
export function createStaff(
  role: 'admin' | 'manager',
  options: { name?: string; branches?: readonly number[] } = {},
): StaffAccount {
  const phone = `+7900${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  const name = options.name ?? (role === 'admin' ? 'Орлова Мария' : 'Смирнов Пётр');
  const args = ['apps/api/dist/staff.js', '--phone', phone, '--role', role, '--password', PASSWORD];
  args.push('--name', name);
  for (const branch of options.branches ?? []) args.push('--branch', String(branch));
  const out = execFileSync(process.execPath, args, { cwd: ROOT, env: process.env, encoding: 'utf8' });
  const secret = /ключ: ([A-Z2-7]+)/.exec(out)?.[1];
  if (!secret) throw new Error(`npm run staff printed no authenticator key:\n${out}`);
  return { phone, password: PASSWORD, secret, name };
}

const lastStep = new Map<string, number>();

/**
 * The authenticator's current code. A code signs in once, so a second sign-in of the same account within one
 * 30-second step waits for the next code, as a person would.
 */
async function freshCode(staff: StaffAccount): Promise<string> {
  const totp = new TOTP({ secret: Secret.fromBase32(staff.secret), digits: 6, period: 30 });
  let step = Math.floor(Date.now() / 30_000);
  if (lastStep.get(staff.phone) === step) {
    await new Promise((r) => setTimeout(r, (step + 1) * 30_000 - Date.now() + 200));
    step = Math.floor(Date.now() / 30_000);
  }
  lastStep.set(staff.phone, step);
  return totp.generate({ timestamp: step * 30_000 + 1_000 });
}

/** Signs in on /admin/login with phone, password and the TOTP code, and waits for the back office. */
export async function signInStaff(page: Page, staff: StaffAccount, next = '/admin') {
  await page.goto(`/admin/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Телефон').fill(staff.phone.slice(2));
  await page.getByLabel('Пароль').fill(staff.password);
  await page.getByLabel('Код из приложения-аутентификатора').fill(await freshCode(staff));
  await page.getByRole('button', { name: 'Войти' }).click();
  // A password check (argon2) and a TOTP check on a busy machine: give it the time a person would.
  await expect(page.locator('[data-staff-name]')).toHaveText(staff.name, { timeout: 30_000 });
}

/**
 * A full-page screenshot of a back-office screen: artifacts/admin/<name>-<desktop|tablet>.png. A test tagged
 * @tablet runs on the tablet only, so it also saves the desktop's (1280 px) picture of the screen.
 */
export async function adminScreenshot(page: Page, info: TestInfo, name: string) {
  mkdirSync(ADMIN_SCREENSHOT_DIR, { recursive: true });
  const shoot = async (project: string) => {
    const file = path.join(ADMIN_SCREENSHOT_DIR, `${name}-${project}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
    await info.attach(`${name}-${project}`, { path: file, contentType: 'image/png' });
  };
  await shoot(info.project.name);
  const viewport = page.viewportSize();
  if (info.project.name === 'tablet' && info.tags.includes('@tablet') && viewport) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await shoot('desktop');
    await page.setViewportSize(viewport);
  }
}

/**
 * Reloads a storefront page until `check` holds (given the answer's status). Gives how long after `since` the
 * request that first showed it was sent: how stale the storefront was, not how long this busy test machine took to
 * render the page. Start it right after the save: anything the test does in between (axe, screenshots) counts.
 */
export async function seenWithin(
  page: Page,
  url: string,
  check: (status: number) => Promise<boolean>,
  since: number,
): Promise<number> {
  for (;;) {
    const sent = Date.now();
    const res = await page.goto(url);
    if (await check(res?.status() ?? 0)) return Math.max(0, sent - since);
    if (Date.now() - since > 20_000) return Infinity;
    await page.waitForTimeout(250);
  }
}
