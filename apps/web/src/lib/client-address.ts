/**
 * Request header carrying the customer's address as the storefront's own server (src/server/edge.ts) worked it
 * out from the connection and the trusted proxies. That server drops any copy a client sends and always sets it,
 * so it is the one address header the app may believe; X-Forwarded-For and X-Real-IP as received are claims.
 */
export const CLIENT_ADDRESS_HEADER = 'x-podbor-client-address';
