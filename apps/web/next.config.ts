import type { NextConfig } from 'next';
import { MEDIA_CSP, STATIC_SECURITY_HEADERS } from './src/lib/security-headers';

const config: NextConfig = {
  // The contract package is TypeScript source shared with the API.
  transpilePackages: ['@podbor/contract'],
  poweredByHeader: false,
  reactStrictMode: true,
  // The API's paths end with a slash (API-SHAPES §0); the /api proxy must receive them as sent instead of
  // answering every call with a redirect first.
  skipTrailingSlashRedirect: true,
  // Pages add their own per-request CSP (proxy.ts); these go on every response, API answers and files included.
  async headers() {
    return [
      { source: '/:path*', headers: [...STATIC_SECURITY_HEADERS] },
      { source: '/media/:path*', headers: [{ key: 'Content-Security-Policy', value: MEDIA_CSP }] },
    ];
  },
};

export default config;
