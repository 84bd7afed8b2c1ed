import { server } from './authHarness.tsx';

/**
 * The mock of src/api/client.ts for the back office's tests: the real module with `call` answered by the auth
 * harness's fake server, and the headers of every call kept (the fake server keeps only contract and input).
 * Must not import src/api/client.ts (or anything that does): the mock factory imports this module.
 *   vi.mock('../api/client.ts', async (original) => (await import('../test/opsClientMock.ts')).opsClientMock(original));
 */

export const sentHeaders: Record<string, string>[] = [];

export async function opsClientMock(importOriginal: () => Promise<unknown>) {
  return {
    ...((await importOriginal()) as object),
    // The live stream never connects: pages are tested on their own reads (src/ops/liveUpdates.test.ts tests it).
    openStream: () => new Promise<never>(() => {}),
    call: (c: never, input: never, options: { headers?: Record<string, string> } = {}) => {
      sentHeaders.push(options.headers ?? {});
      return server.call(c, input);
    },
  };
}
