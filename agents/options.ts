/**
 * Parsing of agent specs: `name` or `name:key=value,key=value`, or a path to a user's agent file.
 */

/** A parsed agent spec. */
export interface ParsedSpec {
  /** Built-in name, or the file path for a user's agent. */
  name: string;
  options: Record<string, string>;
  /** True when `name` is a file path. */
  isFile: boolean;
}

/** Error in an agent spec (bad name, bad option): the message says what is accepted. */
export class AgentSpecError extends Error {}

/**
 * True when a spec names a file rather than a built-in agent: its name part — everything before the
 * first `:` or `#` — holds a path separator or ends in .ts/.js/.mts/.mjs, or the spec starts with a
 * drive letter (`C:\…`). Option values may hold paths (`mcts:eval=results/w.json` is built-in).
 */
export function looksLikePath(s: string): boolean {
  if (/^[A-Za-z]:[\\/]/.test(s)) return true;
  const cut = s.search(/[:#]/);
  const name = cut < 0 ? s : s.slice(0, cut);
  return name.includes('/') || name.includes('\\') || /\.(m?[jt]s)$/.test(name);
}

/** Split `name:k=v,k=v` into name and options. A file path carries options after `#` or `:`: `./my.ts#depth=2`, `./my.ts:depth=2`. */
export function parseSpec(spec: string): ParsedSpec {
  const trimmed = spec.trim();
  if (trimmed === '') throw new AgentSpecError('empty agent spec');
  let name: string;
  let opts: string;
  if (looksLikePath(trimmed)) {
    // Options after `#` (`./my.ts#depth=2`), or after `:` as for built-ins (`./my.ts:depth=2`) when
    // the `:` follows the file's extension (so `C:\\agents\\my.ts` keeps its drive letter).
    const hash = trimmed.indexOf('#');
    const colon = /\.(?:[mc]?[jt]s):/.exec(trimmed);
    const i = hash >= 0 ? hash : colon ? colon.index + colon[0].length - 1 : -1;
    name = i < 0 ? trimmed : trimmed.slice(0, i);
    opts = i < 0 ? '' : trimmed.slice(i + 1);
  } else {
    const i = trimmed.indexOf(':');
    name = i < 0 ? trimmed : trimmed.slice(0, i);
    opts = i < 0 ? '' : trimmed.slice(i + 1);
  }
  const options: Record<string, string> = {};
  if (opts !== '') {
    for (const part of opts.split(',')) {
      const eq = part.indexOf('=');
      if (eq <= 0) throw new AgentSpecError(`bad option "${part}" in "${spec}": expected key=value`);
      options[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
    }
  }
  return { name, options, isFile: looksLikePath(trimmed) };
}

/** An integer option with a default and bounds; throws {@link AgentSpecError} naming the option. */
export function intOption(options: Record<string, string>, key: string, dflt: number, min: number, max: number): number {
  const v = options[key];
  if (v === undefined) return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new AgentSpecError(`option ${key}=${v}: expected a whole number from ${min} to ${max}`);
  return n;
}

/** A numeric option with a default and bounds. */
export function numOption(options: Record<string, string>, key: string, dflt: number, min: number, max: number): number {
  const v = options[key];
  if (v === undefined) return dflt;
  const n = Number(v);
  if (!Number.isFinite(n) || n < min || n > max) throw new AgentSpecError(`option ${key}=${v}: expected a number from ${min} to ${max}`);
  return n;
}

/** Reject options an agent does not know. */
export function checkOptions(name: string, options: Record<string, string>, known: readonly string[]): void {
  for (const k of Object.keys(options)) {
    if (!known.includes(k)) {
      throw new AgentSpecError(
        `agent ${name} has no option "${k}"${known.length ? ` (options: ${known.join(', ')})` : ' (it takes no options)'}`,
      );
    }
  }
}

/** The canonical spec string of a built-in agent with options (sorted keys). */
export function canonicalSpec(name: string, options: Record<string, string>): string {
  const keys = Object.keys(options).sort();
  return keys.length ? `${name}:${keys.map((k) => `${k}=${options[k]}`).join(',')}` : name;
}

/** Check a `variant` option's value is a policy variant's name (a word of a-z, 0-9 and -); throws AgentSpecError otherwise. */
export function checkVariantName(value: string): void {
  if (!/^[a-z0-9-]+$/.test(value))
    throw new AgentSpecError(`option variant must name a policy variant (a word of a-z, 0-9 and -), got "${value}"`);
}
