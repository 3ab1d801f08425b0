import { API_ROUTES, buildPath, errorBody, type ApiRouteName } from '@podbor/contract';
import { AdminCallError } from '@/components/admin/admin-query';
import { ADMIN_LOGIN_PATH } from '@/components/admin/paths';
import type { ResponseOf } from '@/lib/api/route-types';

// Files the suppliers' screens send (a sample to preview, a price list to import): multipart through the
// same-origin /api proxy, text fields first and the file last (the API reads the fields before the file).

/** Posts `file` with `fields` to the route; its answer checked by the route's schema, a refusal as AdminCallError. */
export async function uploadFile<N extends ApiRouteName>(
  name: N,
  params: Record<string, string>,
  fields: Record<string, string>,
  file: File,
): Promise<ResponseOf<N>> {
  const route = API_ROUTES[name];
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  body.append('file', file);
  let res: Response;
  try {
    res = await fetch(buildPath(route.path, params), {
      method: route.method,
      body,
      credentials: 'same-origin',
    });
  } catch {
    throw new AdminCallError(0, null);
  }
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const parsed = errorBody.safeParse(data);
    if (res.status === 401) {
      const here = `${window.location.pathname}${window.location.search}`;
      window.location.assign(`${ADMIN_LOGIN_PATH}?next=${encodeURIComponent(here)}`);
    }
    throw new AdminCallError(res.status, parsed.success ? parsed.data : null);
  }
  const parsed = route.response.safeParse(data);
  if (!parsed.success) throw new AdminCallError(res.status, null);
  return parsed.data as ResponseOf<N>;
}

/** The first message an upload's refusal gives for the file itself (`file`), if any. */
export function fileError(error: unknown): string | null {
  if (!(error instanceof AdminCallError)) return null;
  const message = error.body?.errors.file;
  if (message === undefined) return null;
  return Array.isArray(message) ? (message[0] ?? error.message) : String(message);
}
