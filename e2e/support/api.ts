/**
 * A JSON API caller for e2e set-up steps that a test does not need to click through (creating a ticket, placing an
 * order): the envelope's `data` on success, an error naming the call and the answer otherwise. An absolute URL (a
 * payment page's) is called as it is.
 */
export function apiCaller(baseUrl: () => string, bearer: () => string) {
  return async function call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = { authorization: `Bearer ${bearer()}` }): Promise<T> {
    const res = await fetch(/^https?:/.test(path) ? path : `${baseUrl()}${path}`, {
      method,
      headers: { accept: 'application/json', ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as { status: string; data: T };
    if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
}

/** The same without a bearer: the public routes (quote, order, the test gateway) as a buyer calls them. */
export function publicCaller(baseUrl: () => string) {
  const call = apiCaller(baseUrl, () => '');
  return <T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> => call<T>(method, path, body, headers);
}

type TCall = ReturnType<typeof apiCaller>;
export type TPerson = { firstName: string; lastName: string; email: string };

/**
 * Registers people for the event on a new free ticket (the public order route, as a buyer would) and answers each
 * one's `adl` login-link path, made by the organiser whose token `call` carries (the registration list's "Login link").
 */
export async function registerWithLoginLinks(call: TCall, eventId: string, people: readonly TPerson[], ticketName = 'Free pass'): Promise<string[]> {
  const ticket = (await call<{ id: string }>('POST', `/api/eventservices/events/${eventId}/tickets`, { name: ticketName, currency: 'EUR', isFree: true, price: 0 })).id;
  const order = await call<{ order: { attendees: { id: string }[] } }>(
    'POST',
    `/api/eventservices/public/events/${eventId}/orders`,
    { items: [{ ticketId: ticket, quantity: people.length }], expectedTotal: 0, currency: 'EUR', buyer: people[0], attendees: people.map((p) => ({ ticketId: ticket, ...p })) },
    {},
  );
  const paths: string[] = [];
  for (const a of order.order.attendees) paths.push((await call<{ path: string }>('POST', '/api/auth/autologin/registration', { eventId, registrationId: a.id })).path);
  return paths;
}

/** The calendar date (YYYY-MM-DD) `days` from now in India, the demo event's time zone. */
export function indiaDate(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() + days * 86_400_000));
}
