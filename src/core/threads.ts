/**
 * Worker threads that run TypeScript sources.
 *
 * From compiled JavaScript (dist/) a worker module needs no flags. From TypeScript sources (tsx in
 * development, vitest in tests) the worker thread must register tsx's ESM hooks itself: on Node 20
 * tsx registers its ESM hooks only in the main thread, and its CommonJS hook would make the worker
 * load the engine as CommonJS — slower, and unable to `import()` a user's .ts agent file.
 */
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freshBundle, prepareBundle } from './bundle.js';

/**
 * The worker file next to `moduleUrl` (`<name>.ts` when running from sources, `<name>.js` when
 * compiled) and the Node flags its threads need. From sources, an up-to-date one-file bundle of
 * `<name>.ts` (src/core/bundle.ts; see {@link prepareWorker}) is used when there is one: it needs no
 * flags and starts in a third of the time.
 * @param moduleUrl `import.meta.url` of the module that starts the workers
 * @param name the worker module's base name, e.g. `worker`
 */
export function workerModule(moduleUrl: string, name: string): { filename: string; execArgv: string[] } {
  const fromTs = moduleUrl.endsWith('.ts');
  const filename = new URL(`./${name}.${fromTs ? 'ts' : 'js'}`, moduleUrl).href;
  if (!fromTs) return { filename, execArgv: [] };
  const bundled = freshBundle(fileURLToPath(filename));
  if (bundled) return { filename: pathToFileURL(bundled).href, execArgv: [] };
  const api = createRequire(moduleUrl)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const register = `import { register } from ${JSON.stringify(pathToFileURL(api).href)}; register();`;
  return { filename, execArgv: ['--import', `data:text/javascript,${encodeURIComponent(register)}`] };
}

/**
 * {@link workerModule}, after building the worker's bundle when the sources changed since it was
 * last built (~0.2 s, once per change; from compiled JavaScript nothing is built). Never rejects:
 * when no bundle can be built the threads load the sources through tsx.
 */
export async function prepareWorker(moduleUrl: string, name: string): Promise<{ filename: string; execArgv: string[] }> {
  if (moduleUrl.endsWith('.ts')) await prepareBundle(fileURLToPath(new URL(`./${name}.ts`, moduleUrl)));
  return workerModule(moduleUrl, name);
}
