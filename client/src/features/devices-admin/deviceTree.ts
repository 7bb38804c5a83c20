// A site's devices as its electrical tree (each device under its `parentId`): the rows of the tree table
// in reading order with their depth, and the devices a device may be hung under.
import { type DeviceType, deviceTypes } from '@voltscope/shared/fleet';

interface TreeDevice {
  id: string;
  type: DeviceType;
  name: string;
  parentId: string | null;
  decommissionedAt: number | null;
}

export interface TreeRow<D> {
  device: D;
  depth: number;
}

const typeRank = (type: DeviceType) => deviceTypes.indexOf(type);

/** Depth first, the upstream device before its children; siblings by type then name. A device whose
 * parent is not in the list (or that is its own ancestor) is shown at the top rather than lost. */
export function treeRows<D extends TreeDevice>(devices: readonly D[], lng: string): TreeRow<D>[] {
  const ids = new Set(devices.map((d) => d.id));
  const children = new Map<string | null, D[]>();
  for (const device of devices) {
    const parent = device.parentId !== null && ids.has(device.parentId) ? device.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), device]);
  }
  const order = (a: D, b: D) => typeRank(a.type) - typeRank(b.type) || a.name.localeCompare(b.name, lng);
  const rows: TreeRow<D>[] = [];
  const seen = new Set<string>();
  const walk = (parent: string | null, depth: number) => {
    for (const device of [...(children.get(parent) ?? [])].sort(order)) {
      if (seen.has(device.id)) continue;
      seen.add(device.id);
      rows.push({ device, depth });
      walk(device.id, depth + 1);
    }
  };
  walk(null, 0);
  // A loop of parents never reaches the top: show its devices there.
  for (const device of devices) if (!seen.has(device.id)) rows.push({ device, depth: 0 });
  return rows;
}

/** The ids of every device below `id`. */
export function descendantsOf(devices: readonly TreeDevice[], id: string): Set<string> {
  const below = new Set<string>();
  let frontier = [id];
  while (frontier.length > 0) {
    const next = devices.filter((d) => d.parentId !== null && frontier.includes(d.parentId) && !below.has(d.id));
    for (const d of next) below.add(d.id);
    frontier = next.map((d) => d.id);
  }
  return below;
}

/** The devices in service a device of `type` may hang under (`moving`: itself and what hangs below it are
 * left out, so that no loop can be made). */
export function parentChoices<D extends TreeDevice>(
  devices: readonly D[],
  parentTypes: readonly DeviceType[],
  moving: string | null,
): D[] {
  const excluded = moving === null ? new Set<string>() : descendantsOf(devices, moving).add(moving);
  return devices.filter((d) => parentTypes.includes(d.type) && d.decommissionedAt === null && !excluded.has(d.id));
}

/** Whether the row at `i` has devices below it (the next row is deeper). */
export const hasChildren = (rows: readonly TreeRow<unknown>[], i: number): boolean =>
  (rows[i + 1]?.depth ?? -1) > (rows[i]?.depth ?? 0);

/**
 * The rows on screen: without a query, all but those below a collapsed device; with one, the devices it
 * matches and the devices above them (so each match is seen in its place), whatever is collapsed.
 */
export function shownRows<D extends TreeDevice>(
  rows: readonly TreeRow<D>[],
  collapsed: ReadonlySet<string>,
  matches: ((device: D) => boolean) | null,
): TreeRow<D>[] {
  if (matches) {
    const parentOf = new Map(rows.map((r) => [r.device.id, r.device.parentId]));
    const keep = new Set<string>();
    for (const { device } of rows) {
      if (!matches(device)) continue;
      let id: string | null | undefined = device.id;
      while (id && !keep.has(id)) {
        keep.add(id);
        id = parentOf.get(id);
      }
    }
    return rows.filter((r) => keep.has(r.device.id));
  }
  const shown: TreeRow<D>[] = [];
  let hiddenBelow = Number.POSITIVE_INFINITY;
  for (const row of rows) {
    if (row.depth > hiddenBelow) continue;
    hiddenBelow = collapsed.has(row.device.id) ? row.depth : Number.POSITIVE_INFINITY;
    shown.push(row);
  }
  return shown;
}
