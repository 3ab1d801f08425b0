import { GatewayError } from './gateways';

// The road to an SMS provider's HTTP API, the same for SMS.ru and SMSC: parameters in a POST form (not the query
// string, so neither credentials nor a code land in some proxy's access log), a deadline, and JSON back. What the
// road's failures mean is shared too; what the provider's own answer means is each adapter's business.

/**
 * POSTs `params` to `url` and parses the JSON answer. Throws a GatewayError: transient for no answer in time, a
 * network error, an answer that broke off, HTTP 5xx/429/408 or a body that is not JSON (a proxy's page);
 * permanent for another HTTP 4xx (this request is wrong for good). `label` names the call in the error.
 */
export async function postForm(
  label: string,
  url: string,
  params: Record<string, string>,
  timeoutMs: number,
): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams(params),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const timeout = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    throw new GatewayError(
      timeout ? `${label}: no answer in ${timeoutMs} ms` : `${label}: network error`,
      false,
      { cause: err },
    );
  }
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    throw new GatewayError(`${label}: the answer broke off`, false, { cause: err });
  }
  // 5xx, 429 and 408 are the server's or the road's trouble; another 4xx means this request is wrong for good.
  if (res.status >= 500 || res.status === 429 || res.status === 408)
    throw new GatewayError(`${label}: HTTP ${res.status}`, false);
  if (!res.ok) throw new GatewayError(`${label}: HTTP ${res.status}`, true);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A page of some proxy in between instead of the provider's JSON: the road, not the request.
    throw new GatewayError(`${label}: the answer is not JSON`, false);
  }
}
