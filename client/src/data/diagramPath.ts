// The address of a device on its site's single-line diagram (centred and marked there), for the devices
// the diagram draws; null for the others (cameras, weather stations, …).
import type { DeviceType } from '@voltscope/shared/fleet';
import { kindOfDeviceType } from '@voltscope/shared/sld/model';

export const drawnOnDiagram = (type: DeviceType | undefined): boolean =>
  type !== undefined && kindOfDeviceType[type] !== undefined;

export function diagramPath(siteId: string, deviceId: string): string {
  return `/sld/sl?site=${encodeURIComponent(siteId)}&device=${encodeURIComponent(deviceId)}`;
}
