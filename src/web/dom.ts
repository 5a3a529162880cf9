/**
 * What the web app's pages (the play page, src/web/main.ts; the workshop, src/web/workshop/) share
 * to reach their document and the server: the SVG namespace, an element by id, an SVG element, and a
 * request to the app's JSON API.
 */

/** The namespace of SVG elements made with `document.createElementNS`. */
export const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * A new SVG element `tag` with these attributes (numbers written as `String` writes them), appended
 * to `parent` when one is given.
 */
export function svgEl<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number>,
  parent?: Element,
): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent?.append(e);
  return e;
}

/** The page's element with this id; throws when the page has none (a defect of the page). */
export function el<T extends HTMLElement = HTMLElement>(id: string): T {
  const e = document.getElementById(id);
  if (!e) throw new Error(`#${id} is missing`);
  return e as T;
}

/** An answer of the API with an error status: the server's words (its `error`) and the status. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * A request to the app's JSON API (`body` sent as JSON when given): the answer's JSON, or an
 * {@link ApiError} with the server's `error` words (or `HTTP <status>` when the answer has none).
 */
export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, headers: {} };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'content-type': 'application/json' };
  }
  const res = await fetch(path, init);
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const msg =
      typeof data === 'object' && data !== null && 'error' in data ? String((data as { error: unknown }).error) : `HTTP ${res.status}`;
    throw new ApiError(msg, res.status);
  }
  return data as T;
}
