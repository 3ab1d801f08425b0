import { NextResponse, type NextRequest } from 'next/server';
import { clearTokens, isSecureRequest } from '@/lib/session-cookies';

/** SPEC §4 logout: both token cookies go; the anonymous visitor token stays so the guest cart survives. */
export async function POST(request: NextRequest) {
  const res = NextResponse.json({ status: 'ok' });
  clearTokens(res.cookies, isSecureRequest(request.headers, request.url));
  return res;
}
