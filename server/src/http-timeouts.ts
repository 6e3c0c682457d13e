// How long a request may take to arrive: a client that sends half a body and waits must not hold a
// socket (and a parser's memory) for ever. Every request has REQUEST_TIMEOUT_SECONDS (30 s) for its
// headers and its body; an upload (multipart) has its maximum size at a slow phone's speed instead.
// Node's own `requestTimeout` is one value for the whole server: it is set to the upload allowance,
// and a timer per request closes the other ones sooner. The time a route then takes to answer is
// not limited here.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { limits } from './limits.ts';

/** A slow phone's upload speed (a weak 3G link): what an upload is allowed to be sent at. */
export const SLOW_UPLOAD_BYTES_PER_SECOND = 64 * 1024;
/** Room for the multipart framing and the text fields around the largest file. */
const UPLOAD_OVERHEAD_BYTES = 64 * 1024;

export interface HttpTimeouts {
  /** Any request: headers and body received within this many ms. */
  requestMs: number;
  /** An upload: its body received within this many ms. */
  uploadMs: number;
}

export function httpTimeouts(requestTimeoutSeconds: number): HttpTimeouts {
  const requestMs = requestTimeoutSeconds * 1000;
  const largest = Math.max(limits.imageMaxBytes, limits.recordingMaxBytes) + UPLOAD_OVERHEAD_BYTES;
  const uploadMs = Math.ceil((largest / SLOW_UPLOAD_BYTES_PER_SECOND) * 1000);
  return { requestMs, uploadMs: Math.max(requestMs, uploadMs) };
}

/**
 * How long an idle connection is kept for its next request. Longer than a reverse proxy keeps its own
 * idle connections to us (Caddy: 2 minutes), so that the proxy never sends a request on a connection
 * we are closing at that moment (the person would get a 502). Node's default is 5 s, and with a
 * custom server Fastify's own 72 s is not applied. It also covers a server busy for a few seconds:
 * Node closes a connection whose time is up before reading the request waiting on it (bench:many on
 * the embedded database lost a few requests to ECONNRESET this way with 5 s).
 */
export const KEEP_ALIVE_MS = 130_000;

/** Fastify's serverFactory: a node server whose own limits are the upload allowance and the headers'. */
export function timedServerFactory(timeouts: HttpTimeouts) {
  return (handler: (request: IncomingMessage, response: ServerResponse) => void): Server => {
    const server = createServer(
      {
        requestTimeout: timeouts.uploadMs,
        headersTimeout: timeouts.requestMs,
        // Node checks these limits at this interval (30 s by default, which would double them).
        connectionsCheckingInterval: Math.max(250, Math.min(5_000, timeouts.requestMs / 4)),
      },
      handler,
    );
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    return server;
  };
}

function isUpload(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');
}

/** Closes the socket of a request (not an upload) whose body has not arrived within requestMs. */
export function registerRequestDeadline(app: FastifyInstance, timeouts: HttpTimeouts): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    if (raw.complete || isUpload(request)) return done();
    const timer = setTimeout(() => {
      if (raw.complete) return;
      const socket = raw.socket;
      request.log.info('request body not received in time: connection closed');
      if (reply.raw.headersSent || socket.destroyed) return void socket.destroy();
      socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      socket.destroySoon();
    }, timeouts.requestMs);
    timer.unref();
    const clear = () => clearTimeout(timer);
    raw.once('end', clear);
    raw.once('close', clear);
    reply.raw.once('close', clear);
    done();
  });
}
