/**
 * Issue 41, standing band orders on the page: the view says which band of the person's holds which
 * order (in words, with the band's figures and the situation it stands in), and the person cancels
 * one with one request (`POST /api/games/:id/standing/cancel`, one click on the page) — after which
 * that band is asked again instead of carrying on. Fixed seed chosen before looking.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/serve/app.js';
import { GameHost } from '../../src/serve/host.js';
import type { GameView, StepAnswer, StepReport } from '../../src/serve/protocol.js';
import { loadScenario } from '../../src/rules/index.js';

const ID = 'g0000000000000041';

/** A Supply Raid as the pirates with band orders, the suggestion taken at each decision of the person's. */
async function supplyRaid(seed: number): Promise<GameHost> {
  return GameHost.create(ID, loadScenario('pirates/supply-raid'), seed, 'pirates', 'heuristic', 'band');
}

/** A group move made by band orders (a standing order carried on), not by a decision of the person's. */
const carried = (steps: StepReport[]): StepReport | undefined =>
  steps.find((s) => s.who === 'band order' && /move together toward/.test(s.words));

describe('standing band orders: shown and cancelled', () => {
  it('the view names each band’s standing order with its figures; cancelling one makes the band ask again', async () => {
    // Game A: the suggestions throughout, until a standing order carries a band on by itself.
    const a = await supplyRaid(1);
    let v = a.view();
    expect(v.standing).toEqual([]);
    const keys: string[] = [];
    let calls = 0; // answers before the one in which the order carried on
    let standingThen: GameView['standing'] = [];
    for (;;) {
      expect(calls).toBeLessThan(400);
      expect(v.turn).not.toBe('over');
      const before = v.standing;
      let r: StepAnswer;
      if (v.turn === 'ai') r = await a.agent('person');
      else {
        const k = v.actions.find((x) => x.suggested)!.key;
        r = a.act({ key: k });
        keys.push(k);
      }
      if (v.turn === 'ai' && carried(r.steps) !== undefined) {
        standingThen = before;
        break;
      }
      calls++;
      v = r.view;
    }
    await a.close();
    // What the page shows of the standing orders at that moment: each band with its order in words and its figures.
    expect(standingThen.length).toBeGreaterThan(0);
    for (const o of standingThen) {
      expect(o.orders.length).toBeGreaterThan(0);
      expect(o.figures.length).toBeGreaterThan(0);
      expect(o.while).toMatch(/^(clear|engaged)$/);
    }
    expect(standingThen.some((o) => o.orders.some((w) => /move together toward/.test(w)))).toBe(true);

    // Game B: the same game up to that moment; the person cancels every standing order (one request
    // each), and the band that carried on in game A is asked instead.
    const b = await supplyRaid(1);
    let w = b.view();
    let k = 0;
    for (let i = 0; i < calls; i++) w = w.turn === 'ai' ? (await b.agent('person')).view : b.act({ key: keys[k++] }).view;
    expect(w.turn).toBe('ai');
    expect(w.standing).toEqual(standingThen);
    for (const o of standingThen) w = b.cancelStanding(o.band).view;
    expect(w.standing).toEqual([]);
    const r = await b.agent('person');
    expect(carried(r.steps)).toBeUndefined();
    expect(r.view.turn).toBe('you');
    expect(() => b.cancelStanding(standingThen[0].band)).toThrow(/has no standing orders/);
    await b.close();
  }, 300_000);
});

describe('standing band orders over HTTP', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ saves: join(mkdtempSync(join(tmpdir(), 'skirmish-standing-')), 'saves'), loopbackOnly: true });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await app.inject({
      method,
      url,
      headers: { host: '127.0.0.1:8080', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.statusCode, json: res.json() as Record<string, unknown> };
  };

  it('an order given stands in the view; POST …/standing/cancel ends it; an unknown band is 404, a bad body 400', async () => {
    const g = await call('POST', '/api/games', { scenario: 'pirates/supply-raid', side: 'pirates', opponent: 'normal', seed: 1 });
    expect(g.status).toBe(201);
    let v = g.json as unknown as GameView;
    while (v.turn === 'ai') v = ((await call('POST', `/api/games/${v.id}/agent`, { until: 'person' })).json as unknown as StepAnswer).view;
    // The suggested order: a band moving on the warehouse; it stands for that band.
    const order = v.actions.find((x) => x.suggested)!;
    const after = ((await call('POST', `/api/games/${v.id}/act`, { key: order.key })).json as unknown as StepAnswer).view;
    const mine = after.standing.find((o) => order.words.startsWith(o.orders[0]));
    expect(mine, JSON.stringify(after.standing)).toBeDefined();
    expect(new Set(mine!.figures)).toEqual(new Set(order.band!.figures));
    const c = await call('POST', `/api/games/${v.id}/standing/cancel`, { band: mine!.band });
    expect(c.status).toBe(200);
    expect((c.json as unknown as StepAnswer).view.standing.some((o) => o.band === mine!.band)).toBe(false);
    expect((await call('POST', `/api/games/${v.id}/standing/cancel`, { band: mine!.band })).status).toBe(404);
    expect((await call('POST', `/api/games/${v.id}/standing/cancel`, {})).status).toBe(400);
  }, 120_000);
});

describe('standing band orders: only live ones are listed', () => {
  it('State of War: an order to a unit stands for the rest of its action phase ([W1]) — once the phase is the AI’s, the panel lists none; while the person’s phase goes on it lists the units still to act on theirs', async () => {
    // Wagon Raid as the Union with band orders, the suggestion at each decision; fixed seed chosen before looking.
    const h = await GameHost.create(ID, loadScenario('state-of-war/wagon-raid'), 1, 'union', 'heuristic', 'band');
    let v = h.view();
    let listed = 0; // views of the person's with a standing order listed
    let aiViews = 0; // views in the AI's phase after the person gave orders
    let ordered = false;
    for (let i = 0; i < 120 && v.turn !== 'over'; i++) {
      if (v.turn === 'ai') {
        if (ordered) aiViews++;
        // The person's phase is over: every order given in it has lapsed, and the panel says so.
        expect(v.standing, v.caption).toEqual([]);
        v = (await h.agent('person')).view;
        continue;
      }
      // One phase at a time: every order listed was given in the phase going on now.
      expect(new Set(v.standing.map((o) => o.while)).size).toBeLessThanOrEqual(1);
      // A unit listed still has a figure of its own on the table.
      for (const o of v.standing) expect(v.figures.some((f) => o.figures.includes(f.id) && f.onTable)).toBe(true);
      if (v.standing.length > 0) listed++;
      v = h.act({ key: v.actions.find((a) => a.suggested)!.key }).view;
      ordered = true;
    }
    expect(aiViews).toBeGreaterThan(0);
    expect(listed).toBeGreaterThan(0);
    await h.close();
  }, 300_000);

  it('Pirates!: a band none of whose figures is left in the game is not listed', async () => {
    const a = await supplyRaid(1);
    let v = a.view();
    let checked = 0;
    for (let i = 0; i < 300 && v.turn !== 'over'; i++) {
      for (const o of v.standing) {
        const alive = v.figures.filter((f) => o.figures.includes(f.id) && f.status === 'active' && f.onTable);
        if (o.figures.length > 0) expect(alive.length, JSON.stringify(o)).toBeGreaterThan(0);
        checked++;
      }
      v = v.turn === 'ai' ? (await a.agent('person')).view : a.act({ key: v.actions.find((x) => x.suggested)!.key }).view;
    }
    expect(checked).toBeGreaterThan(0);
    await a.close();
  }, 300_000);
});
