/**
 * The person's standing band orders on the page (issue 41): which band holds which order — the
 * orders the server takes for a band's later decisions while they stay legal, the rules' policy
 * agrees and the band's situation holds (src/serve/host.ts) — each with a button that cancels it in
 * one click. A pure function of the view (no DOM here, so tests run it without a browser); names no
 * ruleset.
 */
import type { GameView } from '../serve/protocol.js';
import { esc } from './panel.js';

/**
 * The standing orders panel's HTML: nothing when no band holds an order (and per-figure orders);
 * else a heading and one line per band — its id, its figures, its orders (a drill's several, the
 * latest first: the latest that is legal is taken), the situation it stands in — with a Cancel button carrying the
 * band's id (`data-cancel`).
 */
export function standingHtml(v: GameView): string {
  if (v.orders !== 'band' || v.standing.length === 0) return '';
  const lines = v.standing.map((o) => {
    const figs = o.figures.length > 0 ? ` (${o.figures.join(', ')})` : '';
    return (
      `<li data-band="${esc(o.band)}"><b>${esc(o.band)}</b>${esc(figs)}: ${esc(o.orders.length > 1 ? `${o.orders.join(' or ')} (the latest that is legal)` : (o.orders[0] ?? ''))}` +
      ` <i>— while ${esc(o.while)}</i> <button data-cancel="${esc(o.band)}" title="cancel this band's standing orders: it is asked again at its next decision">Cancel</button></li>`
    );
  });
  return `<h3>Standing orders</h3><p class="note">Each band carries on with its order while the rules’ policy agrees and its situation holds; cancel one to be asked again.</p><ul>${lines.join('')}</ul>`;
}
