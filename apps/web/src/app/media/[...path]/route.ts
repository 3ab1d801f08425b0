import type { NextRequest } from 'next/server';
import { fetchUpstream } from '@/lib/api/upstream';

type Ctx = { params: Promise<{ path: string[] }> };

const PASSED = ['content-type', 'content-length', 'cache-control', 'etag', 'last-modified'];

/** Product, banner and logo images live with the API; the page links them same-origin under /media/. */
export async function GET(request: NextRequest, { params }: Ctx) {
  const segments = (await params).path;
  if (segments.some((s) => s === '..' || s === '.' || s.includes('\\')))
    return new Response(null, { status: 404 });
  const headers = new Headers();
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch) headers.set('if-none-match', ifNoneMatch);
  try {
    const upstream = await fetchUpstream(`/media/${segments.map(encodeURIComponent).join('/')}`, { headers });
    const out = new Headers();
    for (const name of PASSED) {
      const value = upstream.headers.get(name);
      if (value) out.set(name, value);
    }
    return new Response(upstream.body, { status: upstream.status, headers: out });
  } catch {
    return new Response(null, { status: 502 });
  }
}
