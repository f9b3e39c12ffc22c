import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { getResponse, type RequestHandler } from "msw";

export interface MswServer {
  /** `http://127.0.0.1:<port>`: point a CLI child's `*_BASE_URL` here. */
  url: string;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Serves msw handlers on a real loopback port, for a CLI child process that msw cannot
 * intercept: each request is handed to the handlers as if sent to `origin` (the origin their
 * URLs name, e.g. `https://anthropic.test`); an unmatched request gets a 404 naming it.
 */
export function serveMswHandlers(handlers: RequestHandler[], options: { origin: string }): Promise<MswServer> {
  const server = createServer((incoming, outgoing) => {
    void (async () => {
      const body = await readBody(incoming);
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (typeof value === "string") headers.set(name, value);
      }
      const request = new Request(`${options.origin}${incoming.url ?? "/"}`, {
        method: incoming.method ?? "GET",
        headers,
        ...(body.length > 0 ? { body } : {}),
      });
      const response =
        (await getResponse(handlers, request)) ??
        new Response(`no msw handler for ${request.method} ${request.url}`, { status: 404 });
      outgoing.writeHead(response.status, Object.fromEntries(response.headers.entries()));
      outgoing.end(Buffer.from(await response.arrayBuffer()));
    })().catch((error: unknown) => {
      outgoing.writeHead(599);
      outgoing.end(`msw bridge failed: ${String(error)}`);
    });
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
