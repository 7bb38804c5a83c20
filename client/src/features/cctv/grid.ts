// The monitor's grid as data: a size (1, 4, 9, 16), one camera id or null per cell, the cells the operator
// pinned and when each cell was last brought in by an alarm. Pure, so that the rules of who takes which
// cell are tested without a browser.
import type { CameraInfo } from '@voltscope/shared/contracts/cameras';
import type { CctvGridSize } from '@voltscope/shared/contracts/cctv';

export interface Grid {
  size: CctvGridSize;
  cells: (string | null)[];
  /** Pinned cells are never replaced by an alarm's camera. */
  pinned: boolean[];
  /** When an alarm last brought the cell's camera in (ms), or null: chosen by the operator. */
  promotedAt: (number | null)[];
}

const sized = <T>(values: readonly T[], size: number, fill: T): T[] =>
  Array.from({ length: size }, (_, i) => (i < values.length ? (values[i] as T) : fill));

export const gridOf = (size: CctvGridSize, cells: readonly (string | null)[]): Grid => ({
  size,
  cells: sized(cells, size, null),
  pinned: sized([], size, false),
  promotedAt: sized([], size, null),
});

/** The grid at another size: the first cells kept (with their pins), new ones empty. */
export const resized = (grid: Grid, size: CctvGridSize): Grid => ({
  size,
  cells: sized(grid.cells, size, null),
  pinned: sized(grid.pinned, size, false),
  promotedAt: sized(grid.promotedAt, size, null),
});

/** The operator's choice for a cell: the camera leaves any other cell (one tile per camera). */
export function assigned(grid: Grid, index: number, cameraId: string | null): Grid {
  const cells = grid.cells.map((id, i) => (i === index ? cameraId : id === cameraId ? null : id));
  const promotedAt = grid.promotedAt.map((at, i) => (cells[i] === grid.cells[i] ? at : null));
  return { ...grid, cells, promotedAt };
}

export const togglePin = (grid: Grid, index: number): Grid => ({
  ...grid,
  pinned: grid.pinned.map((p, i) => (i === index ? !p : p)),
});

/**
 * Brings an alarm's camera into the grid: nothing when it is there already; else the first empty cell;
 * else, among cells not pinned and not showing another camera in alarm, the one brought in longest ago
 * (a cell the operator chose counts as older than any brought in). Null when every cell is pinned or
 * already shows a camera in alarm.
 */
export function promoted(grid: Grid, cameraId: string, now: number, inAlarm: ReadonlySet<string>): Grid | null {
  if (grid.cells.includes(cameraId)) return null;
  let target = grid.cells.indexOf(null);
  if (target < 0) {
    let oldest = Number.POSITIVE_INFINITY;
    grid.cells.forEach((id, i) => {
      if (grid.pinned[i] || (id !== null && inAlarm.has(id))) return;
      const at = grid.promotedAt[i] ?? Number.NEGATIVE_INFINITY;
      // Among equals (cells the operator chose), the last one goes first: the top-left stays.
      if (at < oldest || (at === oldest && at === Number.NEGATIVE_INFINITY)) {
        oldest = at;
        target = i;
      }
    });
  }
  if (target < 0) return null;
  return {
    ...grid,
    cells: grid.cells.map((id, i) => (i === target ? cameraId : id)),
    promotedAt: grid.promotedAt.map((at, i) => (i === target ? now : at)),
  };
}

/** The smallest grid that shows `count` cameras (16 at most). */
export const sizeFor = (count: number): CctvGridSize => (count <= 1 ? 1 : count <= 4 ? 4 : count <= 9 ? 9 : 16);

/** Which open alarm each camera answers for: the alarm's device is the camera or one it covers. */
export function alarmsByCamera<A extends { deviceId: string }>(
  alarms: readonly A[],
  cameras: readonly Pick<CameraInfo, 'id' | 'covers'>[],
): Map<string, A> {
  const found = new Map<string, A>();
  // The alarms come most urgent first: a camera keeps the first that names it.
  for (const alarm of alarms) {
    for (const camera of cameras) {
      if (found.has(camera.id)) continue;
      if (camera.id === alarm.deviceId || camera.covers.includes(alarm.deviceId)) found.set(camera.id, alarm);
    }
  }
  return found;
}
