import { API_ROUTES } from '@podbor/contract';
import { fetchUpstream } from '@/lib/api/upstream';

// The Yandex Market feed (YML) on the shop's own origin, as Market and Direct are given it: the API keeps the file
// current and this passes it on as a stream. Without a file yet the API writes the first one before answering
// (seconds for a large catalogue), hence the longer wait than for other calls.

const PASSED = ['content-type', 'content-length', 'cache-control', 'last-modified'];
const FEED_TIMEOUT_MS = 120_000;

export async function GET() {
  try {
    const upstream = await fetchUpstream(API_ROUTES.ymlFeed.path, {
      signal: AbortSignal.timeout(FEED_TIMEOUT_MS),
    });
    const out = new Headers();
    for (const name of PASSED) {
      const value = upstream.headers.get(name);
      if (value) out.set(name, value);
    }
    if (!upstream.ok)
      return new Response('Фид временно недоступен', { status: 503, headers: { 'retry-after': '60' } });
    return new Response(upstream.body, { status: upstream.status, headers: out });
  } catch {
    return new Response('Фид временно недоступен', { status: 503, headers: { 'retry-after': '60' } });
  }
}
