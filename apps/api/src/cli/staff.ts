/**
 * Staff accounts: `npm run staff -- --phone +79991234567 --role admin [--name "Иванова Анна"] [--password …]
 * [--branch 3 --branch 5] [--reset-totp]`. Migrates the configured database (DATABASE_URL, or PGlite under
 * DATA_DIR/pglite) first, like the seeder.
 */
import { parseArgs } from 'node:util';
import { normalizePhone, STAFF_ROLE_TITLES, type StaffRole } from '@podbor/contract';
import { loadConfig } from '../config';
import { openCliDatabase } from './database';
import { migrate } from '../db/migrate';
import { currentStaffCode, enrolStaff } from '../modules/staff/staff.service';

const USAGE = `Usage: npm run staff -- --phone +7XXXXXXXXXX --role admin|manager|customer [options]
  --phone P       the staff member's phone (any Russian spelling: 8 916…, +7 (916) …)
  --role R        admin (everything, manages staff), manager (orders of their branches), customer (not staff)
  --name "Ф И"    last and first name, as the back office shows them
  --password X    a new password (a new account without one gets a generated password, printed once)
  --branch ID     a manager's branch (repeat for several; none: every branch)
  --reset-totp    a new authenticator secret (a lost phone); the old codes and back-office sessions end
Or: npm run staff -- --phone P --code   prints the account's current authenticator code (for whoever runs the
  server: the demo shop without a phone at hand); a code signs in once, the next one comes within 30 s`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      phone: { type: 'string' },
      role: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      branch: { type: 'string', multiple: true },
      'reset-totp': { type: 'boolean', default: false },
      code: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const phone = values.phone ? normalizePhone(values.phone) : null;
  const role = values.role;
  if (phone && values.code) return printCode(phone);
  if (!phone || (role !== 'admin' && role !== 'manager' && role !== 'customer')) {
    console.error(
      `${!phone ? 'Нужен номер телефона (--phone).' : 'Роль (--role): admin, manager или customer.'}\n${USAGE}`,
    );
    return 1;
  }
  const branchIds = values.branch?.map(Number);
  if (branchIds?.some((id) => !Number.isSafeInteger(id) || id <= 0)) {
    console.error(`--branch: номер филиала — целое положительное число.\n${USAGE}`);
    return 1;
  }
  const [lastName, ...first] = (values.name ?? '').trim().split(/\s+/);

  const config = loadConfig();
  const { handle } = await openCliDatabase(config);
  try {
    await migrate(handle);
    const result = await enrolStaff(handle.db, config.staffTotpKey, {
      phone,
      role,
      ...(values.password ? { password: values.password } : {}),
      ...(values.name ? { lastName: lastName ?? '', firstName: first.join(' ') } : {}),
      ...(branchIds ? { branchIds } : {}),
      resetTotp: values['reset-totp'],
    });
    const title = role === 'customer' ? 'покупатель (не сотрудник)' : STAFF_ROLE_TITLES[role as StaffRole];
    console.log(`${result.created ? 'Создан' : 'Обновлён'} аккаунт ${phone}: ${title}.`);
    if (result.generatedPassword) console.log(`Пароль (показан один раз): ${result.generatedPassword}`);
    if (result.totp) {
      console.log('Добавьте аккаунт в приложение-аутентификатор (Яндекс Ключ, Google Authenticator, …):');
      console.log(`  ключ: ${result.totp.base32}`);
      console.log(`  или ссылка: ${result.totp.uri}`);
    }
    return 0;
  } finally {
    await handle.close();
  }
}

async function printCode(phone: string): Promise<number> {
  const config = loadConfig();
  const { handle } = await openCliDatabase(config);
  try {
    await migrate(handle);
    const code = await currentStaffCode(handle.db, config.staffTotpKey, phone);
    if (!code) {
      console.error(`У ${phone} нет входа в панель управления (не сотрудник или код не настроен).`);
      return 1;
    }
    console.log(code);
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
