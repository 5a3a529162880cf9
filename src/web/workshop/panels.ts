import type { WorkshopContext } from './context.js';

/**
 * The place where the workshop page's further panels mount (the balance/tune panel, "play it",
 * "watch AI vs AI"): the page calls it once, after its own setup, with the `#ws-balance` section
 * and the page's context. Each panel adds its `mount…(root, ctx)` call here.
 */
export function mountPanels(_root: HTMLElement, _ctx: WorkshopContext): void {}
