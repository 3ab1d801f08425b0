import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { safeAdminNext } from '@/components/admin/paths';
import { AdminLoginForm } from '@/features/admin-auth/admin-login-form';
import styles from '@/features/admin-auth/admin-login.module.css';
import { apiTry } from '@/lib/api/server';

export const metadata: Metadata = { title: 'Вход' };

export default async function AdminLoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const next = safeAdminNext((await searchParams).next);
  // Already in with a back-office session: straight to work.
  if (await apiTry('staffMe')) redirect(next);
  return (
    <main id="main" className={styles.page}>
      <section className={styles.panel} aria-labelledby="admin-login-title">
        <div>
          <p className={styles.brand}>Подбор · панель управления</p>
          <h1 className={styles.title} id="admin-login-title">
            Вход для сотрудников
          </h1>
          <p className={styles.lead}>
            Телефон и пароль сотрудника, затем код из приложения-аутентификатора. Доступ выдаёт администратор
            магазина.
          </p>
        </div>
        <AdminLoginForm next={next} />
        <p className={styles.back}>
          <Link href="/">Вернуться в магазин</Link>
        </p>
      </section>
    </main>
  );
}
