/**
 * One-file bundles of TypeScript worker modules, so that worker threads started from sources load
 * fast.
 *
 * Why: a worker thread started from the TypeScript sources must register tsx's ESM hooks and then
 * load ~90 modules through them, each transformed on a hooks thread: ~0.8 s of CPU per worker
 * before its first game (about a tenth of a 2,000-game random-play run on two workers). The same
 * code bundled by esbuild (tsx's own transformer) into one ES module loads without hooks in ~0.3 s.
 *
 * What it promises:
 * - {@link freshBundle} is synchronous and cheap (it hashes the bundle's recorded inputs, ~2 ms):
 *   it names a bundle only when every source file the bundle was built from has the same content
 *   now (an import added or removed changes the importing file, so the input list stays complete);
 * - {@link prepareBundle} builds a stale or missing bundle (~0.2 s) and never throws: on any failure
 *   (no esbuild, a read-only folder) workers fall back to tsx's hooks;
 * - each module in a bundle keeps its own `import.meta.url` (the plugin below writes the source
 *   file's URL in its place), so code that finds files or other workers next to itself behaves as
 *   it does from sources; npm packages stay outside the bundle (imported from node_modules as usual);
 * - the bundle is the same code as the sources, so games are the same (golden records, hashes).
 *
 * Precondition for an entry: no module it reaches imports a relative path computed at run time
 * (`import(\`./${x}/index.js\`)`): the bundle keeps such an import as it is, resolved against the
 * bundle's own folder. The one such module, src/rules/load.ts (the MCTS search threads load a
 * ruleset by id), is replaced in every bundle by src/rules/load-static.ts, which finds the ruleset
 * in the registry; test/core/bundle.test.ts checks the project's bundled entries.
 *
 * Bundles live in `<project root>/node_modules/.cache/skirmish/`, each with a manifest of its inputs'
 * content hashes; files are written to a temporary name and renamed, so concurrent builders leave a
 * whole bundle. `SKIRMISH_NO_BUNDLE=1` turns bundling off (workers load the sources through tsx).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { writeAtomic } from './files.js';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Bumped when the way bundles are built changes (old manifests are then stale). */
const FORMAT = 2;

interface Manifest {
  format: number;
  esbuild: string;
  /** Input path relative to the project root → sha256 of its content. */
  inputs: Record<string, string>;
}

function projectRootOf(file: string): string | null {
  let dir = dirname(file);
  for (let i = 0; i < 8; i++) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'node_modules'))) return dir;
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return null;
}

const sha = (b: Buffer | string): string => createHash('sha256').update(b).digest('hex');

function paths(entry: string): { root: string; js: string; manifest: string } | null {
  const root = projectRootOf(entry);
  if (!root) return null;
  const base = relative(root, entry)
    .replace(/\.[cm]?ts$/, '')
    .split(/[\\/]/)
    .join('_');
  const dir = join(root, 'node_modules', '.cache', 'skirmish');
  // The root's hash in the name: worktrees that share one node_modules (a symlink) keep apart.
  const name = `${base}-${sha(root).slice(0, 10)}`;
  return { root, js: join(dir, `${name}.mjs`), manifest: join(dir, `${name}.json`) };
}

function disabled(): boolean {
  const v = process.env.SKIRMISH_NO_BUNDLE;
  return v !== undefined && v !== '' && v !== '0';
}

/**
 * The path of an up-to-date bundle of the TypeScript module `entry` (an absolute path), or null
 * when there is none (never built, a source changed since, bundling turned off).
 */
export function freshBundle(entry: string): string | null {
  if (disabled()) return null;
  const p = paths(entry);
  if (!p || !existsSync(p.js) || !existsSync(p.manifest)) return null;
  try {
    const m = JSON.parse(readFileSync(p.manifest, 'utf8')) as Partial<Manifest>;
    if (m.format !== FORMAT || typeof m.inputs !== 'object' || m.inputs === null) return null;
    const inputs = Object.entries(m.inputs);
    if (inputs.length === 0) return null;
    for (const [rel, hash] of inputs) {
      const file = resolve(p.root, rel);
      if (!existsSync(file) || sha(readFileSync(file)) !== hash) return null;
    }
    return p.js;
  } catch {
    return null;
  }
}

/**
 * Build the bundle of the TypeScript module `entry` (an absolute path) unless a fresh one exists.
 * Resolves to the bundle's path, or null when it could not be built (the reason is not an error:
 * callers then start workers from the sources through tsx).
 */
export async function prepareBundle(entry: string): Promise<string | null> {
  if (disabled()) return null;
  const fresh = freshBundle(entry);
  if (fresh) return fresh;
  const p = paths(entry);
  if (!p) return null;
  try {
    const esbuild = await import('esbuild');
    const keepMetaUrl = {
      name: 'keep-import-meta-url',
      setup(b: { onLoad(o: { filter: RegExp }, f: (a: { path: string }) => { contents: string; loader: 'ts' }): void }): void {
        b.onLoad({ filter: /\.[cm]?ts$/ }, (a) => ({
          contents: readFileSync(a.path, 'utf8').replace(/\bimport\.meta\.url\b/g, JSON.stringify(pathToFileURL(a.path).href)),
          loader: 'ts',
        }));
      },
    };
    // src/rules/load.ts → load-static.ts (see the precondition above).
    const loadTs = join(p.root, 'src', 'rules', 'load.ts');
    const staticLoad = {
      name: 'static-ruleset-load',
      setup(b: {
        onResolve(o: { filter: RegExp }, f: (a: { path: string; resolveDir: string }) => { path: string } | undefined): void;
      }): void {
        b.onResolve({ filter: /(^|\/)load\.js$/ }, (a) =>
          resolve(a.resolveDir, a.path.replace(/\.js$/, '.ts')) === loadTs
            ? { path: join(p.root, 'src', 'rules', 'load-static.ts') }
            : undefined,
        );
      },
    };
    const out = await esbuild.build({
      entryPoints: [entry],
      absWorkingDir: p.root,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      outfile: p.js,
      sourcemap: 'linked',
      write: false,
      metafile: true,
      logLevel: 'silent',
      plugins: [staticLoad, keepMetaUrl],
    });
    const inputs: Record<string, string> = {};
    for (const rel of Object.keys(out.metafile.inputs)) inputs[rel] = sha(readFileSync(resolve(p.root, rel)));
    // The bundle (and its map) first, the manifest last: a manifest names only a whole bundle.
    for (const f of out.outputFiles) writeAtomic(f.path, f.contents);
    const manifest: Manifest = { format: FORMAT, esbuild: esbuild.version, inputs };
    writeAtomic(p.manifest, JSON.stringify(manifest));
    return p.js;
  } catch {
    return null;
  }
}
