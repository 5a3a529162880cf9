import type { WorkshopContext } from './context.js';
import { mountBalance } from './balance.js';

/**
 * The place where the workshop page's further panels mount: the page calls it once, after its own
 * setup, with the `#ws-balance` section and the page's context. The try-it, balance and tune panel
 * (./balance.ts: "play it", "watch AI vs AI", "test balance", "tune") mounts there.
 */
export function mountPanels(root: HTMLElement, ctx: WorkshopContext): void {
  mountBalance(root, ctx);
}
