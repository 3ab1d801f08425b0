import type { NextConfig } from 'next';

const config: NextConfig = {
  // The contract package is TypeScript source shared with the API.
  transpilePackages: ['@podbor/contract'],
  poweredByHeader: false,
  reactStrictMode: true,
  // The API's paths end with a slash (API-SHAPES §0); the /api proxy must receive them as sent instead of
  // answering every call with a redirect first.
  skipTrailingSlashRedirect: true,
};

export default config;
