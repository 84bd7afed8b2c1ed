import { ApiError } from '../api/client.ts';
import { storedOpsToken } from './api.ts';

/** A picture operators read with their token (an entry's upload, a withdrawal's proof): its bytes, for an object URL. */
export async function fetchPicture(path: string): Promise<Blob> {
  const token = storedOpsToken();
  const reply = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!reply.ok) throw new ApiError(reply.status === 403 ? 'FORBIDDEN' : 'NOT_FOUND', '', {}, reply.status);
  return reply.blob();
}
