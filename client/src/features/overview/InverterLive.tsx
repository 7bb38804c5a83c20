// An inverter now: its status (with the fault and what it means), AC and DC power, efficiency,
// temperature, AC voltage, grid frequency, energy and specific yield today (its MPPT inputs are in
// MpptTable.tsx). Live numbers are written by the site's binder.
import { Alert, Badge, Card, SimpleGrid, Text } from '@mantine/core';
import type { Device } from '@voltscope/shared/fleet';
import type { GeneratorKpis } from '@voltscope/shared/kpis';
import { type ReactNode, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { periodRange } from '../../ui/PeriodPicker.tsx';
import { coverageOf, useSeriesGaps } from './coverage.ts';
import { plantFormats } from './format.ts';
import { type DeviceStates, useInverterUpdates } from './InverterTiles.tsx';
import { inverterStatusColor } from './inverterStatus.ts';
import { derived, LiveText, LiveValue } from './LiveParts.tsx';
import { useFaultAdvice, useFaultText } from './labels.ts';
import { setAttr, setText } from './liveBinding.ts';
import { PartialNote } from './PartialNote.tsx';
import type { SiteIndex } from './siteData.ts';

/** The status badge and, in fault, a banner with the code, its meaning and what to check. */
export function InverterStatus({ device, index, states }: { device: Device; index: SiteIndex; states: DeviceStates }) {
  const { t } = useTranslation(['overview', 'common']);
  const faultText = useFaultText();
  const faultAdvice = useFaultAdvice();
  const badge = useRef<HTMLDivElement | null>(null);
  const banner = useRef<HTMLDivElement | null>(null);
  const bannerTitle = useRef<HTMLParagraphElement | null>(null);
  const bannerText = useRef<HTMLParagraphElement | null>(null);

  useInverterUpdates(device, index, states, (view) => {
    const label = badge.current?.querySelector('[data-label]');
    setText(label, t(`overview:status.${view.status}`));
    setAttr(badge.current, 'data-status', view.status);
    badge.current?.style.setProperty(
      '--badge-color',
      `var(--mantine-color-${inverterStatusColor[view.status]}-light-color)`,
    );
    badge.current?.style.setProperty('--badge-bg', `var(--mantine-color-${inverterStatusColor[view.status]}-light)`);
    if (banner.current) banner.current.hidden = view.faultCode === null;
    if (view.faultCode !== null) {
      setText(bannerTitle.current, faultText(view.faultCode));
      setText(bannerText.current, faultAdvice(view.faultCode) ?? t('overview:detail.unknownFault'));
    }
  });

  return (
    <>
      <Badge ref={badge} size="xl" variant="light" data-testid="inverter-status" data-status="noData">
        <span data-label>{t('overview:status.noData')}</span>
      </Badge>
      <Alert ref={banner} color="red" variant="light" role="status" hidden data-testid="fault-banner" w="100%">
        <Text fw={700} ref={bannerTitle} />
        <Text size="sm" ref={bannerText} />
      </Alert>
    </>
  );
}

function Figure({ label, children, sub }: { label: string; children: ReactNode; sub?: ReactNode }) {
  return (
    <Card>
      <Text size="sm" c="dimmed" mb={4}>
        {label}
      </Text>
      <div>{children}</div>
      {sub && (
        <Text size="xs" c="dimmed" mt={4} component="div">
          {sub}
        </Text>
      )}
    </Card>
  );
}

export function InverterFigures({
  device,
  index,
  generator,
  timeZone,
}: {
  device: Device;
  index: SiteIndex;
  generator: GeneratorKpis | null;
  /** The site's: "today" starts at its local midnight. */
  timeZone: string;
}) {
  const { t } = useTranslation(['overview', 'common']);
  const lng = useLanguage();
  const f = plantFormats(lng);
  const s = (key: string) => index.series(device.id, key);
  const ac = s('ac_power');
  const dc = s('dc_power');
  const busbar = index.first('busbar');
  const meter = index.first('meter');
  const frequency =
    (busbar && index.series(busbar.id, 'grid_frequency')) ?? (meter && index.series(meter.id, 'grid_frequency'));
  const rated = device.ratedKw;
  // The specific yield is the hub's integral of the AC power since midnight: partial after a silence.
  const covered = useMemo(() => (ac ? [{ id: ac.id, name: device.name }] : []), [ac, device.name]);
  const gaps = useSeriesGaps(covered, periodRange({ preset: 'today' }, timeZone).from);
  const coverage = gaps && coverageOf(gaps, covered);
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" data-testid="inverter-figures">
      <Figure
        label={t('overview:detail.acPower')}
        sub={
          rated ? (
            <LiveValue
              series={ac}
              format={(kw) => t('overview:detail.ofRating', { share: f.percent(kw / rated), rated: f.power(rated) })}
              size="sm"
            />
          ) : undefined
        }
      >
        <LiveValue series={ac} format={f.power} size="xl" testId="detail-ac-power" />
      </Figure>
      <Figure label={t('overview:detail.dcPower')}>
        <LiveValue series={dc} format={f.power} size="xl" testId="detail-dc-power" />
      </Figure>
      <Figure label={t('overview:detail.efficiency')} sub={t('overview:detail.efficiencyHint')}>
        <LiveText
          size="xl"
          testId="detail-efficiency"
          series={[ac, dc]}
          // Below 1 % of rating (dawn, dusk, night) the ratio is noise.
          compute={derived(ac, dc, (a, d) => (d > Math.max(0.5, (rated ?? 0) * 0.01) ? f.percent(a / d) : null))}
        />
      </Figure>
      <Figure label={t('overview:detail.temperature')}>
        <LiveValue series={s('temperature')} format={f.temperature} size="xl" testId="detail-temperature" />
      </Figure>
      <Figure label={t('overview:detail.acVoltage')}>
        <LiveValue series={s('ac_voltage')} format={f.volts} size="xl" testId="detail-ac-voltage" />
      </Figure>
      <Figure label={t('overview:detail.frequency')} sub={t('overview:detail.frequencyHint')}>
        <LiveValue series={frequency} format={f.hertz} size="xl" testId="detail-frequency" />
      </Figure>
      <Figure label={t('overview:detail.energyToday')}>
        <LiveValue series={s('energy_today')} format={f.energy} size="xl" testId="detail-energy" />
      </Figure>
      <Figure
        label={t('overview:detail.specificYield')}
        sub={
          <>
            {t('overview:detail.specificYieldHint')}
            {generator?.specificYieldToday != null && (
              <PartialNote coverage={coverage} testId="partial-specific-yield" />
            )}
          </>
        }
      >
        <Text fz={{ base: 18, sm: 28 }} fw={600} lh={1.2} data-testid="detail-specific-yield">
          {generator?.specificYieldToday == null ? '—' : f.specificYield(generator.specificYieldToday)}
        </Text>
      </Figure>
    </SimpleGrid>
  );
}
