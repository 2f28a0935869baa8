/**
 * A JSON API caller for e2e set-up steps that a test does not need to click through (creating a ticket, placing an
 * order): the envelope's `data` on success, an error naming the call and the answer otherwise.
 */
export function apiCaller(baseUrl: () => string, bearer: () => string) {
  return async function call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = { authorization: `Bearer ${bearer()}` }): Promise<T> {
    const res = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: { accept: 'application/json', ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as { status: string; data: T };
    if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
}
