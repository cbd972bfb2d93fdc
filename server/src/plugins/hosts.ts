/**
 * Only the shop's own names. A page on another site can point its own DNS name at this
 * server's address (DNS rebinding); the browser then counts the server as that site and lets
 * the page read its answers: the demo's outbox of codes, a shopper's orders, staff pages.
 * Such requests carry the other site's name in Host, so a request naming anything but the
 * shop is refused (421 Misdirected Request) before any route runs, static files and pages
 * included. Ports are not compared: a proxy or a second demo server may use another.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { HttpError } from './errors';

/** The names of this computer, which the demo answers to. */
export const LOCAL_NAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

const WILDCARD_ADDRESSES = new Set(['0.0.0.0', '::', '']);

/**
 * The host name of a Host header, lower case, without its port or a trailing dot
 * ("Shop.Example.NG.:443" is "shop.example.ng", "[::1]:8080" is "[::1]"); null when there
 * is none or it is not a host name.
 */
export function hostNameOf(header: string | undefined): string | null {
  const value = header?.trim().toLowerCase();
  if (!value) return null;
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(?::\d{1,5})?$/.exec(value);
  if (!match?.[1]) return null;
  const name = match[1].replace(/\.$/, '');
  return name === '' ? null : name;
}

/**
 * The names a request may carry. Production: PUBLIC_URL's host and ALLOWED_HOSTS. The demo:
 * this computer's names, the address HOST names when it is one address (a demo opened from a
 * phone on the same network), PUBLIC_URL's host and ALLOWED_HOSTS.
 */
export function allowedHostNames(config: Config): Set<string> {
  const names = new Set(config.allowedHosts);
  if (config.publicUrl) {
    const name = hostNameOf(new URL(config.publicUrl).host);
    if (name) names.add(name);
  }
  if (config.mode === 'demo') {
    for (const name of LOCAL_NAMES) names.add(name);
    if (!WILDCARD_ADDRESSES.has(config.host)) {
      const name = hostNameOf(config.host.includes(':') ? `[${config.host}]` : config.host);
      if (name) names.add(name);
    }
  }
  return names;
}

export function registerHostCheck(
  app: FastifyInstance,
  options: {
    allowed: Set<string>;
    /** Requests answered whatever their name (a load balancer's health check by address). */
    exempt: (request: FastifyRequest) => boolean;
    /** Where the shop is, for the sentence that sends a visitor there. */
    shopAddress: () => string;
  },
): void {
  app.addHook('onRequest', async (request) => {
    const name = hostNameOf(request.headers.host);
    if (name !== null && options.allowed.has(name)) return;
    if (options.exempt(request)) return;
    const asked = (name ?? request.headers.host?.trim())?.slice(0, 100);
    throw new HttpError(
      421,
      asked
        ? `This shop does not answer to the name "${asked}". Open it at ${options.shopAddress()}.`
        : `This request does not name the shop it is for (no Host header). Open the shop at ${options.shopAddress()}.`,
    );
  });
}
