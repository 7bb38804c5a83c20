// Which parts of a diagram carry voltage: from the grid sources that are live, through every closed switch
// and every conductor (meters, transformers, busbars, wires), to the generators. Three-valued: a part is
// live when a live source certainly reaches it, dead when no source could (every path crosses an open
// switch or starts at a dead source), unknown otherwise (a switch or source without a current value on
// the way). Generators do not energise a section on their own: an inverter or turbine stops when its grid
// goes (anti-islanding), so a dead grid leaves its feeders dead however much sun there is.
// The graph is built once per diagram; `evaluate` runs per frame in time linear in the diagram.
import { type Diagram, isSwitch, type SldSymbol, terminalsOf } from './model.ts';

export type Energy = 'live' | 'dead' | 'unknown';

export interface EnergyInputs {
  /** A switch's position: true closed, false open, null unknown (no value yet, or too old to trust). */
  closed(symbol: SldSymbol): boolean | null;
  /** A grid source: true live, false dead (its voltage is gone), null unknown. */
  sourceLive(symbol: SldSymbol): boolean | null;
}

export interface Energisation {
  symbols: Map<string, Energy>;
  connections: Map<string, Energy>;
}

const key = (symbol: string, terminal: string) => `${symbol}/${terminal}`;

export class Topology {
  readonly #diagram: Diagram;
  /** Terminal index by `symbol/terminal`. */
  readonly #index = new Map<string, number>();
  /** Always-joined neighbours of each terminal (wires, and the inside of conductors). */
  readonly #wires: number[][] = [];
  /** Terminals joined through a switch when it is closed: [switch symbol, a, b]. */
  readonly #switches: [SldSymbol, number, number][] = [];
  readonly #sources: [SldSymbol, number][] = [];
  readonly #terminalsOfSymbol = new Map<string, number[]>();

  constructor(diagram: Diagram) {
    this.#diagram = diagram;
    for (const s of diagram.symbols) {
      const own = Object.keys(terminalsOf(s)).map((t) => this.#terminal(key(s.id, t)));
      this.#terminalsOfSymbol.set(s.id, own);
      if (s.kind === 'grid') for (const t of own) this.#sources.push([s, t]);
      if (isSwitch(s.kind)) {
        if (own.length === 2) this.#switches.push([s, own[0] as number, own[1] as number]);
      } else if (s.kind !== 'inverter' && s.kind !== 'turbine' && s.kind !== 'generator') {
        // A conductor: its terminals are one node (a busbar's taps, a meter's or transformer's two sides).
        for (let i = 1; i < own.length; i++) this.#join(own[0] as number, own[i] as number);
      }
    }
    for (const c of diagram.connections) {
      const a = this.#index.get(key(c.from.symbol, c.from.terminal));
      const b = this.#index.get(key(c.to.symbol, c.to.terminal));
      if (a !== undefined && b !== undefined) this.#join(a, b);
    }
  }

  #terminal(k: string): number {
    let i = this.#index.get(k);
    if (i === undefined) {
      i = this.#wires.length;
      this.#index.set(k, i);
      this.#wires.push([]);
    }
    return i;
  }

  #join(a: number, b: number): void {
    this.#wires[a]?.push(b);
    this.#wires[b]?.push(a);
  }

  /** The terminals reached from the sources `take` lets in, through the switches `pass` lets through. */
  #reach(take: (live: boolean | null) => boolean, pass: (closed: boolean | null) => boolean, inputs: EnergyInputs) {
    const n = this.#wires.length;
    const seen = new Uint8Array(n);
    const stack: number[] = [];
    for (const [s, t] of this.#sources)
      if (take(inputs.sourceLive(s)) && !seen[t]) {
        seen[t] = 1;
        stack.push(t);
      }
    const through = new Map<number, number[]>();
    for (const [s, a, b] of this.#switches)
      if (pass(inputs.closed(s))) {
        through.set(a, [...(through.get(a) ?? []), b]);
        through.set(b, [...(through.get(b) ?? []), a]);
      }
    const visit = (next: number) => {
      if (seen[next]) return;
      seen[next] = 1;
      stack.push(next);
    };
    while (stack.length > 0) {
      const t = stack.pop() as number;
      for (const next of this.#wires[t] ?? []) visit(next);
      for (const next of through.get(t) ?? []) visit(next);
    }
    return seen;
  }

  evaluate(inputs: EnergyInputs): Energisation {
    const sure = this.#reach(
      (live) => live === true,
      (closed) => closed === true,
      inputs,
    );
    const maybe = this.#reach(
      (live) => live !== false,
      (closed) => closed !== false,
      inputs,
    );
    const of = (t: number): Energy => (sure[t] ? 'live' : maybe[t] ? 'unknown' : 'dead');
    const rank: Record<Energy, number> = { dead: 0, unknown: 1, live: 2 };
    const symbols = new Map<string, Energy>();
    for (const [id, own] of this.#terminalsOfSymbol) {
      let best: Energy = 'dead';
      for (const t of own) if (rank[of(t)] > rank[best]) best = of(t);
      symbols.set(id, best);
    }
    const connections = new Map<string, Energy>();
    for (const c of this.#diagram.connections) {
      const t = this.#index.get(key(c.from.symbol, c.from.terminal));
      connections.set(c.id, t === undefined ? 'unknown' : of(t));
    }
    return { symbols, connections };
  }
}

/**
 * A grid source's state from the voltages its neighbours measure (the devices of the symbols wired to it,
 * such as the grid meter): live when one reads a voltage, dead when every one reads 0, unknown when
 * they have no value; live when none of them measures a voltage (nothing says otherwise).
 */
export function sourceFromVoltages(
  diagram: Diagram,
  source: SldSymbol,
  voltage: (deviceId: string) => number | null | undefined,
): boolean | null {
  const neighbours = new Set<string>();
  for (const c of diagram.connections) {
    if (c.from.symbol === source.id) neighbours.add(c.to.symbol);
    if (c.to.symbol === source.id) neighbours.add(c.from.symbol);
  }
  let measured = false;
  let unknown = false;
  for (const s of diagram.symbols) {
    if (!neighbours.has(s.id) || s.deviceId === null) continue;
    const v = voltage(s.deviceId);
    if (v === undefined) continue;
    measured = true;
    if (v === null) unknown = true;
    else if (v > 0) return true;
  }
  if (!measured) return true;
  return unknown ? null : false;
}
