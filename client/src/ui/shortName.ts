/** A unit's short label for bars and tiles: "Inverter 07" → "07", "WTG 03" → "03". */
export const shortName = (name: string) => /(\d+)$/.exec(name)?.[1] ?? name;
