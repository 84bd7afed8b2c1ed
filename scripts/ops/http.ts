// Calls of the running server's operator API, and the one-line messages of their failures.
import type { Call } from './types.ts';

/** The server asked: --server, else PORTICO_URL, else this machine's PORT (8080). */
export const defaultServer = () => process.env.PORTICO_URL ?? `http://localhost:${process.env.PORT ?? 8080}`;

export function opsToken(): string {
  const token = process.env.PORTICO_OPS_TOKEN;
  if (!token) throw new Error('set PORTICO_OPS_TOKEN to the token the server was started with');
  return token;
}

/** A request to the server; a refused connection or an error reply is an Error with a readable message. */
export async function request(server: string, token: string, call: Call): Promise<Response> {
  const url = new URL(call.path, server);
  let res: Response;
  try {
    res = await fetch(url, {
      method: call.method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(call.body ? { 'content-type': 'application/json' } : {}),
      },
      body: call.body ? JSON.stringify(call.body) : undefined,
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new Error(
      `cannot reach ${url.origin} (${cause?.code ?? cause?.message ?? (err as Error).message}): is the server ` +
        'running? (PORTICO_URL or --server)',
    );
  }
  if (!res.ok) throw new Error(await failure(res));
  return res;
}

/** The envelope's message, code and fields on one line; the status when the reply is not an envelope. */
async function failure(res: Response): Promise<string> {
  const text = await res.text();
  try {
    const e = JSON.parse(text) as { code?: string; message?: string; fields?: Record<string, string> };
    if (e.message) {
      const fields = Object.entries(e.fields ?? {})
        .map(([k, v]) => `${k}: ${v}`)
        .join('; ');
      return `${e.message} (${[`${res.status} ${e.code ?? ''}`.trim(), fields].filter(Boolean).join('; ')})`;
    }
  } catch {}
  return `${res.status} ${res.statusText} from ${new URL(res.url).pathname}`;
}

/** An operator call; its reply printed as one line of JSON. */
export async function callServer(server: string, token: string, call: Call): Promise<void> {
  const res = await request(server, token, call);
  console.log(JSON.stringify(await res.json()));
}
