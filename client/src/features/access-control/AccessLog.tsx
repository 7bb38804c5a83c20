// The site access log on the access-control page: what the door readers of the user's sites saw, newest
// first. The first page is live (new entries appear at its top, marked; pause holds them and counts
// them); later pages are history, in pages of 5 to 100. Filters: site, door, result, period, person or
// badge. Denied, held-open and forced entries stand out; a row opens its detail with the alarm it raised.
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Select,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { asSubject } from '@voltscope/shared/abilities';
import { type AccessEvent, type AccessPage, accessResults } from '@voltscope/shared/contracts/access';
import { nameIn } from '@voltscope/shared/fleet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFleetDirectory } from '../../data/useFleetDirectory.ts';
import { formatNumber } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { CsvExportButton } from '../../logs/CsvExportButton.tsx';
import { LogPager } from '../../logs/LogPager.tsx';
import { EmptyLog, LoadingRows } from '../../logs/LogStates.tsx';
import { IconPause, IconPlay } from '../../logs/logIcons.tsx';
import type { LogPageSize } from '../../logs/logQuery.ts';
import { formatStamp, myTimeZone } from '../../logs/logTime.ts';
import { useAbility } from '../../session/ability.ts';
import { api, call } from '../../session/api.ts';
import { type Period, PeriodPicker, periodEndsNow, periodRange } from '../../ui/PeriodPicker.tsx';
import { AccessDetail } from './AccessDetail.tsx';
import { type FeedState, followAccess } from './accessFeed.ts';
import classes from './accessLog.module.css';
import { type AccessFilterView, matchesFilter, resultColor, withLiveEvent } from './accessLogView.ts';

const PRESETS = ['today', '24h', '7d', '30d'] as const;

export function AccessLog() {
  const { t } = useTranslation(['accessLog', 'common']);
  const lng = useLanguage();
  const ability = useAbility();
  const directory = useFleetDirectory();
  const sites = useMemo(
    () => directory.sites.filter((s) => ability.can('read', asSubject('Event', { siteId: s.id }))),
    [directory.sites, ability],
  );
  const [site, setSite] = useState<string | null>(null);
  const [door, setDoor] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const [period, setPeriod] = useState<Period>({ preset: '24h' });
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<LogPageSize>(25);
  const [data, setData] = useState<AccessPage | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [reload, setReload] = useState(0);
  const [paused, setPaused] = useState(false);
  const [waiting, setWaiting] = useState(0);
  const [feed, setFeed] = useState<FeedState>('connecting');
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const [open, setOpen] = useState<AccessEvent | null>(null);

  const timeZone = site ? (directory.siteById.get(site)?.timeZone ?? myTimeZone()) : myTimeZone();
  const range = periodRange(period, timeZone);
  const toNow = periodEndsNow(period, timeZone);
  const siteIds = site ? [site] : sites.map((s) => s.id);
  const view: AccessFilterView = {
    sites: siteIds,
    door,
    result,
    from: range.from,
    to: toNow ? null : range.to,
    q,
  };
  const query = {
    ...(site ? { sites: site } : {}),
    ...(door ? { doors: door } : {}),
    ...(result ? { results: result } : {}),
    from: String(range.from),
    ...(toNow ? {} : { to: String(range.to) }),
    ...(q.trim() ? { q: q.trim() } : {}),
  };
  const request = call('GET /api/access/events', { query: { ...query, page, pageSize } });
  const ready = sites.length > 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the request's path stands for it.
  useEffect(() => {
    if (!ready) return;
    const controller = new AbortController();
    setState('loading');
    api(request, { signal: controller.signal }).then(
      (reply) => {
        setData(reply);
        setState('ready');
      },
      () => {
        if (!controller.signal.aborted) setState('error');
      },
    );
    return () => controller.abort();
  }, [request.path, ready, reload]);

  // Live entries: read through refs so the socket is not reopened when a filter changes.
  const live = useRef({ view, paused });
  live.current = { view, paused };
  const siteKey = sites.map((s) => s.id).join(',');
  useEffect(() => {
    if (!siteKey) return;
    return followAccess(
      siteKey.split(','),
      (event) => {
        if (!matchesFilter(event, live.current.view)) return;
        if (live.current.paused) {
          setWaiting((n) => n + 1);
          return;
        }
        setData((current) => (current ? withLiveEvent(current, event) : current));
        setFresh((held) => new Set(held).add(event.id));
      },
      setFeed,
    );
  }, [siteKey]);

  if (!ready) return null;

  const filterChanged = (apply: () => void) => {
    apply();
    setPage(1);
  };
  const doors = (site ? directory.devicesOf(site) : sites.flatMap((s) => directory.devicesOf(s.id))).filter(
    (d) => d.type === 'door_reader',
  );
  const siteName = (id: string) => directory.siteById.get(id)?.name ?? id;
  const doorName = (id: string) => {
    const device = directory.deviceById.get(id);
    return device ? nameIn(device, lng) : id;
  };
  const zoneOf = (siteId: string) => directory.siteById.get(siteId)?.timeZone ?? myTimeZone();
  const n = (value: number) => formatNumber(lng, value);
  const exportPath = (lang: string) =>
    call('GET /api/access/events/export', { query: { ...query, lang: lang as 'en' } }).path;

  const resume = () => {
    setPaused(false);
    setWaiting(0);
    setPage(1);
    setReload((r) => r + 1);
  };
  const feedLabel = paused ? t('accessLog:paused') : feed === 'live' ? t('accessLog:live') : t(`accessLog:${feed}`);

  return (
    <Card data-testid="access-log">
      <Group justify="space-between" align="flex-start" gap="sm" mb="md" wrap="wrap">
        <div>
          <Title order={4} fw={600}>
            {t('accessLog:title')}
          </Title>
          <Text size="sm" className={classes.muted}>
            {t('accessLog:subtitle')}
          </Text>
        </div>
        <Group gap="sm">
          <Badge
            variant={paused ? 'outline' : 'dot'}
            color={paused ? 'gray' : feed === 'live' ? 'teal' : 'yellow'}
            data-testid="access-feed"
            data-state={paused ? 'paused' : feed}
          >
            {feedLabel}
          </Badge>
          {paused ? (
            <Button leftSection={<IconPlay size={16} />} onClick={resume} data-testid="access-resume">
              {waiting > 0 ? t('accessLog:resumeWaiting', { n: n(waiting) }) : t('accessLog:resume')}
            </Button>
          ) : (
            <Button
              variant="default"
              leftSection={<IconPause size={16} />}
              onClick={() => setPaused(true)}
              data-testid="access-pause"
            >
              {t('accessLog:pause')}
            </Button>
          )}
          <CsvExportButton path={exportPath} fileName="access.csv" />
        </Group>
      </Group>

      <Group gap="sm" align="flex-end" wrap="wrap" mb="md">
        {sites.length > 1 && (
          <Select
            label={t('accessLog:filters.site')}
            placeholder={t('accessLog:filters.allSites')}
            data={sites.map((s) => ({ value: s.id, label: s.name }))}
            value={site}
            onChange={(value) =>
              filterChanged(() => {
                setSite(value);
                setDoor(null);
              })
            }
            clearable
            w={200}
            data-testid="access-filter-site"
          />
        )}
        <Select
          label={t('accessLog:filters.door')}
          placeholder={t('accessLog:filters.allDoors')}
          data={doors.map((d) => ({
            value: d.id,
            label: site ? doorName(d.id) : `${doorName(d.id)} · ${siteName(d.siteId)}`,
          }))}
          value={door}
          onChange={(value) => filterChanged(() => setDoor(value))}
          clearable
          w={240}
          data-testid="access-filter-door"
        />
        <Select
          label={t('accessLog:filters.result')}
          placeholder={t('accessLog:filters.allResults')}
          data={accessResults.map((r) => ({ value: r, label: t(`accessLog:results.${r}`) }))}
          value={result}
          onChange={(value) => filterChanged(() => setResult(value))}
          clearable
          w={180}
          data-testid="access-filter-result"
        />
        <TextInput
          label={t('accessLog:filters.search')}
          placeholder={t('accessLog:filters.searchPlaceholder')}
          value={q}
          onChange={(e) => {
            const value = e.currentTarget.value;
            filterChanged(() => setQ(value));
          }}
          w={220}
          data-testid="access-filter-search"
        />
        <div>
          <Text size="sm" fw={500} mb={4}>
            {t('accessLog:filters.period')}
          </Text>
          <PeriodPicker
            value={period}
            onChange={(next) => filterChanged(() => setPeriod(next))}
            timeZone={timeZone}
            presets={PRESETS}
          />
        </div>
      </Group>

      {state === 'error' && (
        <Alert color="red" variant="light" role="alert" mb="md">
          <Group justify="space-between">
            <Text size="sm">{t('accessLog:loadError')}</Text>
            <Button size="xs" variant="default" onClick={() => setReload((r) => r + 1)}>
              {t('accessLog:retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {state === 'loading' && !data ? (
        <LoadingRows />
      ) : data && data.items.length === 0 ? (
        <EmptyLog message={t('accessLog:empty')} />
      ) : data ? (
        <>
          <Table.ScrollContainer minWidth={760}>
            <Table highlightOnHover verticalSpacing="xs" data-testid="access-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('accessLog:columns.time')}</Table.Th>
                  {!site && <Table.Th>{t('accessLog:columns.site')}</Table.Th>}
                  <Table.Th>{t('accessLog:columns.door')}</Table.Th>
                  <Table.Th>{t('accessLog:columns.person')}</Table.Th>
                  <Table.Th>{t('accessLog:columns.badge')}</Table.Th>
                  <Table.Th>{t('accessLog:columns.result')}</Table.Th>
                  <Table.Th>{t('accessLog:columns.reason')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((e) => {
                  const person = e.person ?? t('accessLog:unknownPerson');
                  return (
                    <Table.Tr
                      key={e.id}
                      className={[e.result === 'granted' ? '' : classes[e.result], fresh.has(e.id) ? classes.fresh : '']
                        .filter(Boolean)
                        .join(' ')}
                      data-result={e.result}
                      data-testid="access-row"
                      onClick={() => setOpen(e)}
                      style={{ cursor: 'pointer' }}
                    >
                      <Table.Td>
                        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                          {formatStamp(lng, zoneOf(e.siteId), e.ts)}
                        </Text>
                      </Table.Td>
                      {!site && <Table.Td>{siteName(e.siteId)}</Table.Td>}
                      <Table.Td>{doorName(e.deviceId)}</Table.Td>
                      <Table.Td>
                        <UnstyledButton
                          onClick={(event) => {
                            event.stopPropagation();
                            setOpen(e);
                          }}
                          aria-label={t('accessLog:detail.open', { what: person })}
                          fz="sm"
                          fw={500}
                          {...(e.person ? {} : { c: 'dimmed' })}
                          data-testid="access-row-open"
                        >
                          {person}
                        </UnstyledButton>
                      </Table.Td>
                      <Table.Td>
                        {e.badge ? <bdi className={classes.badge}>{e.badge}</bdi> : t('accessLog:noBadge')}
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={resultColor[e.result]}>
                          {t(`accessLog:results.${e.result}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{e.reason ? t(`accessLog:reasons.${e.reason}`) : ''}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <LogPager
            page={data}
            onPage={setPage}
            onPageSize={(size) =>
              filterChanged(() => {
                setPageSize(size);
              })
            }
          />
        </>
      ) : null}
      <AccessDetail
        entry={open && (data?.items.find((e) => e.id === open.id) ?? open)}
        doorName={doorName}
        siteName={siteName}
        timeZone={zoneOf}
        onClose={() => setOpen(null)}
      />
    </Card>
  );
}
