import type { NextConfig } from 'next';

// This file stays self-contained: the storefront's server (src/server/main.ts) loads it at start, where it cannot
// import the app's TypeScript sources.

/** Headers every storefront response carries; pages add their own per-request CSP (proxy.ts). */
const SECURITY_HEADERS = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  // frame-ancestors says the same to browsers that read CSP; this is for those that do not, and for responses
  // without the page CSP (API answers, media).
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
];

/** Files under /media are shown in pages, never as the shop's documents: an SVG opened directly runs nothing. */
const MEDIA_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

const config: NextConfig = {
  // The contract package is TypeScript source shared with the API.
  transpilePackages: ['@podbor/contract'],
  poweredByHeader: false,
  reactStrictMode: true,
  // The API's paths end with a slash (API-SHAPES §0); the /api proxy must receive them as sent instead of
  // answering every call with a redirect first.
  skipTrailingSlashRedirect: true,
  // CI type-checks every workspace before it builds (`npm run typecheck`) and says so with PODBOR_TYPECHECKED=1;
  // any other build (npm start on a fresh machine) checks the types itself.
  typescript: { ignoreBuildErrors: process.env.PODBOR_TYPECHECKED === '1' },
  async headers() {
    return [
      { source: '/:path*', headers: SECURITY_HEADERS },
      { source: '/media/:path*', headers: [{ key: 'Content-Security-Policy', value: MEDIA_CSP }] },
    ];
  },
};

export default config;
