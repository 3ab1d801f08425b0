// oidc-provider ships without type declarations; the OAuth suite uses a handful of its calls.
declare module 'oidc-provider';
