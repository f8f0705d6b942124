import type { AsyncState } from '../hooks/use-async';
import { initialRead } from '../ssr/page-data';
import { readKey, type ServerRender } from '../ssr/server-render';
import { ApiError, messageFromBody } from './api-error';

/**
 * The state a read starts in when its answer came with the page: the server's render (from the render's
 * reads) or the browser's hydration of it (from the page's data block), which must agree. Null when the answer
 * is not there, and the read is made as usual. A read the server rendered without having been told of is
 * noted, so the route table's declared reads can be fixed.
 */
export function pageReadState<T>(
  server: ServerRender | null,
  url: string,
  parse: (body: unknown) => T,
): AsyncState<T> | null {
  const key = readKey(url);
  const answer = server
    ? Object.hasOwn(server.reads, key)
      ? server.reads[key]
      : undefined
    : initialRead(key);
  if (!answer) {
    server?.missing.add(key);
    return null;
  }
  if (answer.status < 200 || answer.status >= 300) {
    return {
      status: 'error',
      error: new ApiError(messageFromBody(answer.status, answer.body), answer.status, answer.body),
    };
  }
  try {
    return { status: 'success', data: parse(answer.body) };
  } catch (error) {
    return { status: 'error', error };
  }
}
