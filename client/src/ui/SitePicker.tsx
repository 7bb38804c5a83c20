// The site picker of the live and chart pages: one of the sites offered, chosen by name (the caller
// keeps the choice, in the URL as a rule).
import { Select } from '@mantine/core';
import type { Site } from '@voltscope/shared/domain';

export function SitePicker({
  label,
  sites,
  site,
  onChange,
  w = 260,
}: {
  label: string;
  sites: readonly Site[];
  site: Site | null;
  onChange: (id: string) => void;
  /** Its width in px. */
  w?: number;
}) {
  return (
    <Select
      label={label}
      data={sites.map((s) => ({ value: s.id, label: s.name }))}
      value={site?.id ?? null}
      onChange={(id) => id && onChange(id)}
      allowDeselect={false}
      w={w}
      data-testid="site-picker"
    />
  );
}
