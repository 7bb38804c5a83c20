// A CSV file of a site's devices, read and judged before anything is written: each row creates a device,
// updates one (listing the fields it changes) or leaves one as it is, checked with the form's rules
// (deviceChecks.ts); a parent may be a device of the file itself, in any order. The import applies the
// plan only when no row is refused.
import { idRules } from '@voltscope/shared/fleetFields';
import { checkField, ruleMessage } from '@voltscope/shared/validation';
import type { DeviceWrite } from '../store/fleetWrites.ts';
import { parseCsv } from './csv.ts';
import {
  changedDeviceFields,
  deviceFieldProblems,
  deviceWriteFields,
  type Problem,
  treeProblem,
} from './deviceChecks.ts';

/** The file's columns, in the order the export writes them, and the device field each one fills. */
export const csvColumns = {
  id: 'id',
  type: 'type',
  name: 'name',
  parent: 'parentId',
  model: 'model',
  firmware: 'firmware',
  serial_number: 'serialNumber',
  rated_kw: 'ratedKw',
  protocol: 'protocol',
  address: 'address',
} as const;
type Column = keyof typeof csvColumns;
const columnNames = Object.keys(csvColumns) as Column[];

export const MAX_IMPORT_ROWS = 5000;
const OWN_ID_MAX = 64;

export interface ImportRow {
  line: number;
  deviceId: string;
  action: 'create' | 'update' | 'unchanged';
  changes: string[];
}

export interface ImportError {
  line: number;
  field: string | null;
  message: string;
  reason: Problem['reason'];
}

export interface ImportPlan {
  rows: ImportRow[];
  errors: ImportError[];
  creates: DeviceWrite[];
  updates: DeviceWrite[];
  /** Data rows in the file (the header not counted). */
  size: number;
}

/** A device's own id (`inv23`) from its full one (`site.inv23`). */
export const ownId = (siteId: string, id: string): string =>
  id.startsWith(`${siteId}.`) ? id.slice(siteId.length + 1) : id;

const columnOf = (field: string | null): string | null =>
  field === null ? null : (columnNames.find((c) => csvColumns[c] === field) ?? field);

/** The export's rows: the header, then each device with its own id and its parent's. */
export function exportRows(siteId: string, devices: readonly DeviceWrite[]): string[][] {
  return [
    columnNames,
    ...devices.map((d) => [
      ownId(siteId, d.id),
      d.type,
      d.name,
      d.parentId === null ? '' : ownId(siteId, d.parentId),
      d.model,
      d.firmware,
      d.serialNumber,
      d.ratedKw === null ? '' : String(d.ratedKw),
      d.protocol,
      d.address,
    ]),
  ];
}

/** Reads the header: each column's index, or the errors of line 1. */
function readHeader(fields: readonly string[]): { index: Map<Column, number>; errors: ImportError[] } {
  const index = new Map<Column, number>();
  const errors: ImportError[] = [];
  const line1 = (field: string | null, message: string, code: string): ImportError => ({
    line: 1,
    field,
    message,
    reason: { code, params: { columns: columnNames.join(',') } },
  });
  fields.forEach((raw, i) => {
    const name = raw.trim().toLowerCase();
    if (!(name in csvColumns)) {
      errors.push(line1(raw, `Unknown column “${raw}”: the columns are ${columnNames.join(',')}`, 'unknownColumn'));
    } else if (index.has(name as Column)) {
      errors.push(line1(raw, `The column ${name} appears twice`, 'duplicateColumn'));
    } else index.set(name as Column, i);
  });
  if (!index.has('id')) errors.push(line1('id', 'The column id is missing', 'missingColumn'));
  return { index, errors };
}

/**
 * The plan of importing `csv` into the site `siteId`, whose devices are `stored` (decommissioned ones
 * included). Throws nothing: a file too long is the caller's (`size`).
 */
export function planImport(siteId: string, csv: string, stored: readonly DeviceWrite[]): ImportPlan {
  const plan: ImportPlan = { rows: [], errors: [], creates: [], updates: [], size: 0 };
  const parsed = parseCsv(csv);
  const [header, ...records] = parsed.records;
  plan.size = records.length;
  if (parsed.error) plan.errors.push({ ...parsed.error, field: null, reason: { code: 'csvSyntax' } });
  if (!header) {
    if (!parsed.error)
      plan.errors.push({ line: 1, field: null, message: 'The file is empty', reason: { code: 'empty' } });
    return plan;
  }
  const { index, errors } = readHeader(header.fields);
  plan.errors.push(...errors);
  if (errors.length > 0 || records.length > MAX_IMPORT_ROWS) return plan;

  const byId = new Map(stored.map((d) => [d.id, d]));
  const seen = new Map<string, number>();
  const drafts: { line: number; write: DeviceWrite; checkTree: boolean }[] = [];
  for (const { line, fields } of records) {
    const body: Record<string, unknown> = {};
    for (const [column, i] of index) body[csvColumns[column]] = (fields[i] ?? '').trim();
    const own = String(body.id);
    const problems =
      fields.length === header.fields.length
        ? idProblems(own, seen.get(own))
        : [problem(null, `The row has ${fields.length} fields, the header ${header.fields.length}`, 'fieldCount')];
    const judged: Judged = problems.length === 0 ? judgeRow(siteId, own, body, byId) : { problems };
    for (const p of judged.problems) {
      plan.errors.push({ line, field: columnOf(p.field), message: p.message, reason: p.reason });
    }
    if (!seen.has(own)) seen.set(own, line);
    if (!judged.write) continue;
    const { write, changes } = judged;
    if (!byId.has(write.id)) plan.creates.push(write);
    else if (changes.length > 0) plan.updates.push(write);
    const action = !byId.has(write.id) ? 'create' : changes.length > 0 ? 'update' : 'unchanged';
    plan.rows.push({ line, deviceId: write.id, action, changes: changes.map((c) => columnOf(c) ?? c) });
    drafts.push({ line, write, checkTree: action === 'create' || changes.includes('parentId') });
  }

  // The tree as it would stand: the stored devices with the file's over them.
  const tree = new Map<string, { type: DeviceWrite['type']; parentId: string | null }>(byId);
  for (const { write } of drafts) tree.set(write.id, write);
  for (const { line, write, checkTree } of drafts) {
    const wrong = checkTree && treeProblem(write.id, write.type, write.parentId, (id) => tree.get(id));
    if (wrong) plan.errors.push({ line, field: 'parent', message: wrong.message, reason: wrong.reason });
  }
  plan.errors.sort((a, b) => a.line - b.line);
  return plan;
}

const problem = (field: string | null, message: string, code: string, params?: Record<string, string | number>) => ({
  field,
  message,
  reason: params ? { code, params } : { code },
});

/** A row's own id: the seed's rule, a length a path carries, once in the file (`first`: its earlier line). */
function idProblems(own: string, first: number | undefined): Problem[] {
  const reason = checkField(own, idRules);
  if (reason) return [{ field: 'id', message: ruleMessage(reason), reason }];
  if ([...own].length > OWN_ID_MAX) {
    return [problem('id', `At most ${OWN_ID_MAX} characters`, 'tooLong', { limit: OWN_ID_MAX })];
  }
  if (first !== undefined)
    return [problem(null, `The id ${own} is also on line ${first}`, 'duplicateId', { line: first })];
  return [];
}

/** A row judged: its problems, or the device it writes and the fields it changes. */
type Judged =
  | { problems: Problem[]; write?: undefined }
  | { problems: Problem[]; write: DeviceWrite; changes: string[] };

/**
 * A row of a device: new (every field checked), or stored (its type unchanged, the fields it changes checked,
 * the address too when the protocol changes).
 */
function judgeRow(
  siteId: string,
  own: string,
  body: Record<string, unknown>,
  byId: ReadonlyMap<string, DeviceWrite>,
): Judged {
  const id = `${siteId}.${own}`;
  if (body.parentId !== undefined) {
    body.parentId = body.parentId === '' ? null : `${siteId}.${ownId(siteId, String(body.parentId))}`;
  }
  if (body.ratedKw === '') body.ratedKw = null;
  const before = byId.get(id);
  if (!before) {
    const problems = deviceFieldProblems(body, deviceWriteFields);
    return problems.length > 0 ? { problems } : { problems, write: toWrite(siteId, id, body), changes: [] };
  }
  if (body.type !== undefined && body.type !== before.type) {
    return { problems: [problem('type', `A device's type cannot change (it is ${before.type})`, 'notOneOf')] };
  }
  const write = toWrite(siteId, id, body, before);
  const changes = changedDeviceFields(before, write);
  const checked = changes.includes('protocol') && !changes.includes('address') ? [...changes, 'address'] : changes;
  const problems = deviceFieldProblems({ ...write, ratedKw: body.ratedKw ?? write.ratedKw }, checked);
  return problems.length > 0 ? { problems } : { problems, write, changes };
}

/** A row's device: its columns over what is stored (a column the file lacks keeps the stored value). */
function toWrite(siteId: string, id: string, body: Record<string, unknown>, before?: DeviceWrite): DeviceWrite {
  const text = (key: keyof DeviceWrite, fallback = '') =>
    body[key] === undefined ? ((before?.[key] as string | undefined) ?? fallback) : String(body[key]);
  return {
    id,
    siteId,
    type: (before?.type ?? body.type) as DeviceWrite['type'],
    name: text('name'),
    model: text('model'),
    firmware: text('firmware'),
    serialNumber: text('serialNumber'),
    ratedKw:
      body.ratedKw === undefined ? (before?.ratedKw ?? null) : body.ratedKw === null ? null : Number(body.ratedKw),
    protocol: text('protocol'),
    address: text('address'),
    parentId: body.parentId === undefined ? (before?.parentId ?? null) : (body.parentId as string | null),
  };
}
