// What a diagram must be before it is published: every symbol that stands for a device bound to one of
// the site's devices of a fitting type, no device twice, every connection between two terminals that
// exist, ids unique, shown series the device has. The editor checks before saving and the hub checks the
// same list (422 with these issues), so the editor's message and the hub's refusal are one.
import { seriesKeysOfType } from '../deviceTypes.ts';
import type { DeviceType } from '../fleet.ts';
import { type Diagram, SLD_LIMITS, symbolBinding, terminalsOf } from './model.ts';

export const sldIssueCodes = [
  /** A symbol of a kind that stands for a device has none. params: symbol */
  'unbound',
  /** A symbol names a device the site does not have. params: symbol, device */
  'unknownDevice',
  /** A symbol's device is of a type its kind cannot stand for. params: symbol, device */
  'wrongDeviceType',
  /** Two symbols stand for the same device. params: device, symbol (the second) */
  'deviceTwice',
  /** A connection's end names a symbol or terminal that does not exist. params: connection */
  'dangling',
  /** A connection joins a terminal to itself. params: connection */
  'sameTerminal',
  /** Two items share an id. params: id */
  'duplicateId',
  /** A symbol shows a series its device does not have. params: symbol, series */
  'unknownSeries',
  /** A busbar's length outside its limits. params: symbol */
  'badLength',
] as const;
export type SldIssueCode = (typeof sldIssueCodes)[number];

export interface SldIssue {
  code: SldIssueCode;
  params: Record<string, string>;
}

/** A device as the check needs it. */
export interface SiteDeviceRef {
  id: string;
  type: DeviceType;
}

/** Every issue of `diagram` against the site's devices, in diagram order; empty when it may be published. */
export function validateDiagram(diagram: Diagram, devices: readonly SiteDeviceRef[]): SldIssue[] {
  const issues: SldIssue[] = [];
  const byId = new Map(devices.map((d) => [d.id, d]));
  const ids = new Set<string>();
  const unique = (id: string) => {
    if (ids.has(id)) issues.push({ code: 'duplicateId', params: { id } });
    ids.add(id);
  };
  const boundTo = new Map<string, string>();
  const symbols = new Map(diagram.symbols.map((s) => [s.id, s]));

  for (const s of diagram.symbols) {
    unique(s.id);
    const binding = symbolBinding[s.kind];
    if (s.kind === 'busbar') {
      const { min, max } = SLD_LIMITS.busbarLength;
      const length = s.length ?? 0;
      if (!Number.isInteger(length) || length < min || length > max)
        issues.push({ code: 'badLength', params: { symbol: s.id } });
    }
    if (s.deviceId === null) {
      if (binding.required) issues.push({ code: 'unbound', params: { symbol: s.id } });
      continue;
    }
    const device = byId.get(s.deviceId);
    if (!device) {
      issues.push({ code: 'unknownDevice', params: { symbol: s.id, device: s.deviceId } });
      continue;
    }
    if (!binding.types.includes(device.type)) {
      issues.push({ code: 'wrongDeviceType', params: { symbol: s.id, device: device.id } });
      continue;
    }
    if (boundTo.has(device.id)) issues.push({ code: 'deviceTwice', params: { device: device.id, symbol: s.id } });
    boundTo.set(device.id, s.id);
    const keys: readonly string[] = seriesKeysOfType[device.type];
    for (const key of s.show)
      if (!keys.includes(key)) issues.push({ code: 'unknownSeries', params: { symbol: s.id, series: key } });
  }

  for (const c of diagram.connections) {
    unique(c.id);
    const ends = [c.from, c.to].map((end) => {
      const symbol = symbols.get(end.symbol);
      return symbol && end.terminal in terminalsOf(symbol) ? `${end.symbol}/${end.terminal}` : null;
    });
    if (ends[0] === null || ends[1] === null) issues.push({ code: 'dangling', params: { connection: c.id } });
    else if (ends[0] === ends[1]) issues.push({ code: 'sameTerminal', params: { connection: c.id } });
  }
  for (const t of diagram.texts) unique(t.id);
  return issues;
}

/** An issue in English, as the hub's refusal and a log line say it. */
export function sldIssueText(issue: SldIssue): string {
  const p = issue.params;
  switch (issue.code) {
    case 'unbound':
      return `Symbol ${p.symbol} stands for no device: choose one.`;
    case 'unknownDevice':
      return `Symbol ${p.symbol} names device ${p.device}, which this site does not have.`;
    case 'wrongDeviceType':
      return `Symbol ${p.symbol} cannot stand for device ${p.device}: its type does not fit the symbol.`;
    case 'deviceTwice':
      return `Device ${p.device} is on the diagram twice (again at symbol ${p.symbol}).`;
    case 'dangling':
      return `Connection ${p.connection} has a loose end: join both ends to a terminal.`;
    case 'sameTerminal':
      return `Connection ${p.connection} joins a terminal to itself.`;
    case 'duplicateId':
      return `Two items share the id ${p.id}.`;
    case 'unknownSeries':
      return `Symbol ${p.symbol} shows ${p.series}, which its device does not report.`;
    case 'badLength':
      return `Busbar ${p.symbol} must be ${SLD_LIMITS.busbarLength.min} to ${SLD_LIMITS.busbarLength.max} cells long.`;
  }
}
