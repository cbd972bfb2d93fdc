/**
 * Demo-only helpers (the outbox of codes, the sandbox that settles payments) answer only
 * the computer the demo shop runs on. The socket's own address decides, never a header a
 * client can write (X-Forwarded-For is what TRUST_PROXY reads into request.ip); and a request
 * relayed by a proxy on this computer is refused too, since it may come from anywhere.
 */
import type { FastifyRequest } from 'fastify';
import { forbidden } from './errors';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

export function isLoopbackRequest(request: FastifyRequest): boolean {
  const address = request.raw.socket.remoteAddress ?? '';
  if (!LOOPBACK.test(address)) return false;
  const headers = request.headers;
  return headers['x-forwarded-for'] === undefined && headers.forwarded === undefined;
}

/** Route hook: 403 unless the request comes from this computer. */
export async function loopbackOnly(request: FastifyRequest): Promise<void> {
  if (!isLoopbackRequest(request)) {
    throw forbidden(
      'This demo shop helper answers only on the computer the shop runs on. Open the shop there (http://localhost), or run the shop in production mode.',
    );
  }
}
