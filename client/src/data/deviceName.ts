// A device's name as the reader reads it: its name in the user's language where the fleet registry has
// one ("اینورتر 22"), else the one it was registered with; its numbers in the language's digits.
import { type Device, nameIn } from '@voltscope/shared/fleet';
import type { Language } from '@voltscope/shared/i18n';
import { localDigits } from '../i18n/format.ts';

export const deviceName = (device: Pick<Device, 'name' | 'names'>, lng: Language): string =>
  localDigits(lng, nameIn(device, lng));
