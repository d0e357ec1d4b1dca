import crypto from 'node:crypto';
import type { MockReply, MockRequest } from './mock-http-server';

const xml = (status: number, body: string, location?: string): MockReply => ({
  status,
  text: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${body}`,
  headers: { 'content-type': 'application/xml', ...(location ? { location } : {}) },
});

/** Bandwidth's Dashboard API error document. */
const xmlError = (status: number, code: number, description: string) =>
  xml(
    status,
    `<ErrorResponse><ResponseStatus><ErrorCode>${code}</ErrorCode><Description>${description}</Description></ResponseStatus></ErrorResponse>`,
  );

const tag = (body: string, name: string) =>
  [...body.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => m[1]);

/**
 * Bandwidth's Dashboard (Numbers) API as the local Bandwidth mock speaks it, under /dashboard/api: availableNumbers
 * (search by areaCode, quantity), orders (an XML Order of existing numbers into a site; taken as RECEIVED and
 * completed when the test says), disconnects, and inserviceNumbers/{tn} (200 in service, 404 not). XML both ways.
 */
export function bandwidthNumbersRoutes(accountId: string) {
  const forSale = new Set<string>();
  /** Ordered, not yet in service (Bandwidth completes orders a moment later). */
  const ordered = new Set<string>();
  const inService = new Set<string>();
  const orders: { id: string; siteId: string; peerId: string | null; numbers: string[] }[] = [];
  const base = `/dashboard/api/accounts/${accountId}`;

  function handle(req: MockRequest): MockReply | null {
    const path = req.url.pathname;
    const body = req.rawBody.toString('utf8');
    if (path === `${base}/availableNumbers` && req.method === 'GET') {
      const areaCode = req.url.searchParams.get('areaCode');
      const quantity = Number(req.url.searchParams.get('quantity') ?? 10);
      if (!areaCode) return xmlError(400, 4000, 'At least one search criteria is required');
      const found = [...forSale].filter((n) => n.startsWith(areaCode)).slice(0, quantity);
      return xml(
        200,
        `<SearchResult><ResultCount>${found.length}</ResultCount>${
          found.length
            ? `<TelephoneNumberList>${found.map((n) => `<TelephoneNumber>${n}</TelephoneNumber>`).join('')}</TelephoneNumberList>`
            : ''
        }</SearchResult>`,
      );
    }
    if (path === `${base}/orders` && req.method === 'POST') {
      if (!(req.headers['content-type'] ?? '').includes('xml')) return xmlError(415, 415, 'Content-Type must be XML');
      const siteId = tag(body, 'SiteId')[0];
      const numbers = tag(body, 'TelephoneNumber');
      if (!siteId) return xmlError(400, 5005, 'SiteId is required');
      const unavailable = numbers.filter((n) => !forSale.has(n));
      if (!numbers.length || unavailable.length)
        return xmlError(400, 5070, `Telephone number ${unavailable.join(', ')} is not available`);
      const id = crypto.randomUUID();
      for (const n of numbers) {
        forSale.delete(n);
        ordered.add(n);
      }
      orders.push({ id, siteId, peerId: tag(body, 'PeerId')[0] ?? null, numbers });
      return xml(
        201,
        `<OrderResponse><Order><id>${id}</id><SiteId>${siteId}</SiteId><OrderCreateDate>${new Date().toISOString()}</OrderCreateDate></Order><OrderStatus>RECEIVED</OrderStatus></OrderResponse>`,
        `${base}/orders/${id}`,
      );
    }
    if (path === `${base}/disconnects` && req.method === 'POST') {
      const numbers = tag(body, 'TelephoneNumber');
      for (const n of numbers) {
        inService.delete(n);
        ordered.delete(n);
      }
      const id = crypto.randomUUID();
      return xml(
        201,
        `<DisconnectTelephoneNumberOrderResponse><orderRequest><id>${id}</id><DisconnectTelephoneNumberOrderType><TelephoneNumberList>${numbers.map((n) => `<TelephoneNumber>${n}</TelephoneNumber>`).join('')}</TelephoneNumberList></DisconnectTelephoneNumberOrderType></orderRequest><OrderStatus>RECEIVED</OrderStatus></DisconnectTelephoneNumberOrderResponse>`,
        `${base}/disconnects/${id}`,
      );
    }
    const inServiceMatch = new RegExp(`^${base}/inserviceNumbers/(\\d{10})$`).exec(path);
    if (inServiceMatch && req.method === 'GET') {
      return inService.has(inServiceMatch[1]) ? { status: 200 } : xmlError(404, 404, 'Number not found');
    }
    return null;
  }

  return {
    handle,
    orders,
    /** Puts numbers (10 digits) up for sale. */
    offer(...numbers: string[]) {
      for (const n of numbers) forSale.add(n);
    },
    /** Bandwidth completes the orders it took: their numbers are in service. */
    completeOrders() {
      for (const n of ordered) inService.add(n);
      ordered.clear();
    },
    inService: () => [...inService],
  };
}
