/**
 * How Pirates! records write numbers: lengths to hundredths of an inch, routes as their waypoints,
 * facings in degrees (the event fields of docs/records/pirates.md).
 */
/** Round to hundredths (for event fields: records stay readable and exact). */
export function r2(v: number): number {
  return Math.round(v * 100) / 100;
}

/**
 * A route as record data: the waypoints between its start and its end (the corners it turns
 * round), rounded to hundredths of an inch — the event's `from` and `to` are the ends, so a straight
 * move has `via: []`.
 */
export function viaData(points: readonly { x: number; y: number }[]): number[][] {
  const out: number[][] = [];
  for (let i = 1; i < points.length - 1; i++) out.push([r2(points[i].x), r2(points[i].y)]);
  return out;
}

/** A facing as record data: degrees clockwise from east (0 = east, 90 = south), to a tenth. */
export function facingData(rad: number): number {
  let d = (rad * 180) / Math.PI;
  d = ((d % 360) + 360) % 360;
  return Math.round(d * 10) / 10;
}
