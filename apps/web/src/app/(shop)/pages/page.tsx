import { redirect } from 'next/navigation';
import { getStartData } from '@/lib/start-data';

/** SPEC §2: /pages goes to the first info page of the menu, or home when there is none. */
export default async function PagesIndex() {
  const { menu } = await getStartData();
  const first = menu[0];
  redirect(first ? `/pages/${encodeURIComponent(first.slug)}` : '/');
}
