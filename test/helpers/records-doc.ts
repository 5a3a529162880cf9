/**
 * Reading a ruleset's records page (docs/RECORDS.md's format, docs/records/<room>.md): the event
 * kinds it documents — a heading "### `kind`" each — and, for each, the fields its table names
 * (rows "| `field` | … |"; `e` always).
 */

/** The documented event kinds of a page and, for each, the fields its table names. */
export function documentedEvents(page: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  let current: Set<string> | null = null;
  for (const line of page.split('\n')) {
    const h = /^###\s+`([^`]+)`/.exec(line);
    if (h) {
      current = new Set(['e']);
      out.set(h[1], current);
      continue;
    }
    if (/^#{1,3}\s/.test(line)) current = null;
    const row = /^\|\s*`([^`]+)`\s*\|/.exec(line);
    if (row && current) current.add(row[1]);
  }
  return out;
}
