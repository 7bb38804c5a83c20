// The console's detail pane, beside the list: the focused alarm's message, priority, state and times;
// what to do about it from its rule's rationale (ISA-18.2: cause, consequence, corrective action, and the
// allowed response time with what is left of it while unacknowledged); a link to its device; and a trend
// of the rule's series from 30 minutes before the raise to 30 minutes after (or now), with the limit
// drawn and the raise marked. It follows the list's focus and never takes it: moving through the list
// with the arrow keys updates it, and a quick run of moves asks the hub only for the row it stops on.
import { Alert, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import type { Alarm, AlarmRule } from '@voltscope/shared/alarms';
import type { Language } from '@voltscope/shared/i18n';
import { memo, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { categoryOf, isUnacknowledged } from '../../alarmFeed/alarmView.ts';
import { PriorityIcon } from '../../alarmFeed/PriorityIcon.tsx';
import { devicePath } from '../../data/deviceLink.ts';
import { diagramPath, drawnOnDiagram } from '../../data/diagramPath.ts';
import { formatNumber, localDigits } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { api, call } from '../../session/api.ts';
import { knownRule, rememberRule } from '../alarm-rules/ruleCache.ts';
import { AlarmSnapshot } from '../cctv/AlarmSnapshot.tsx';
import consoleClasses from './AlarmConsole.module.css';
import classes from './AlarmDetailPane.module.css';
import { AlarmTimes } from './AlarmTimes.tsx';
import { AlarmTrend } from './AlarmTrend.tsx';
import type { DeviceInfo } from './useDeviceDirectory.ts';

/** A run of arrow presses asks only for the row it stops on. */
const FOLLOW_MS = 200;
/** The time left to respond is counted down in whole minutes: a tick a little more often than that. */
const TICK_MS = 15_000;

type RuleState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; rule: AlarmRule | null };

/** The alarm's rule as it is now (GET /api/alarms/:id), shown at once from the rules already held. */
function useRuleOf(alarm: Alarm | undefined): RuleState & { retry: () => void } {
  const [state, setState] = useState<{ alarmId: number; state: RuleState } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const alarmId = alarm?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger.
  useEffect(() => {
    if (alarmId === undefined) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api(call('GET /api/alarms/:id', { params: { id: alarmId } }), { signal: controller.signal }).then(
        ({ rule }) => {
          if (rule) rememberRule(rule);
          setState({ alarmId, state: { status: 'ready', rule } });
        },
        () => {
          if (!controller.signal.aborted) setState({ alarmId, state: { status: 'error' } });
        },
      );
    }, FOLLOW_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [alarmId, attempt]);
  const retry = () => setAttempt((n) => n + 1);
  if (!alarm) return { status: 'loading', retry };
  if (state?.alarmId === alarm.id && (state.state.status === 'ready' || !knownRule(alarm.ruleId))) {
    return { ...state.state, retry };
  }
  const held = knownRule(alarm.ruleId);
  return held ? { status: 'ready', rule: held, retry } : { status: 'loading', retry };
}

/** "12 min", "1 h 5 min", "less than a minute". */
function formatMinutes(t: ReturnType<typeof useTranslation<['alarmDetail']>>['t'], lng: Language, ms: number) {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return t('alarmDetail:duration.lessThanMinute');
  if (minutes < 60) return t('alarmDetail:duration.minutes', { n: formatNumber(lng, minutes) });
  return t('alarmDetail:duration.hours', {
    h: formatNumber(lng, Math.floor(minutes / 60)),
    m: formatNumber(lng, minutes % 60),
  });
}

/** The allowed response time, and how much of it is left (or by how much it is past) until acknowledged. */
function ResponseTime({ alarm, rule }: { alarm: Alarm; rule: AlarmRule }) {
  const { t } = useTranslation(['alarmDetail']);
  const lng = useLanguage();
  const [now, setNow] = useState(Date.now);
  const waiting = isUnacknowledged(alarm);
  useEffect(() => {
    if (!waiting) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [waiting]);
  const allowedMs = rule.responseMinutes * 60_000;
  const due = alarm.raisedAt + allowedMs;
  const took = alarm.acknowledgedAt === null ? null : alarm.acknowledgedAt - alarm.raisedAt;
  const overdue = waiting && now >= due;
  return (
    <Stack gap={2} data-testid="detail-response" data-overdue={overdue || undefined}>
      <Text size="sm">
        <Text span c="dimmed" inherit>
          {t('alarmDetail:response.title')}:
        </Text>{' '}
        {formatMinutes(t, lng, allowedMs)}
      </Text>
      {waiting ? (
        <Text size="sm" fw={700} className={classes.due} data-overdue={overdue || undefined}>
          {overdue
            ? t('alarmDetail:response.overdue', { time: formatMinutes(t, lng, now - due) })
            : t('alarmDetail:response.left', { time: formatMinutes(t, lng, due - now + 59_999) })}
        </Text>
      ) : (
        took !== null && (
          <Text size="sm">
            {t(took > allowedMs ? 'alarmDetail:response.late' : 'alarmDetail:response.met', {
              time: formatMinutes(t, lng, took),
            })}
          </Text>
        )
      )}
    </Stack>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section className={classes.section} data-testid={testId}>
      <Text component="h3" size="sm" fw={700} m={0}>
        {title}
      </Text>
      <Text size="sm" className={classes.text}>
        {children}
      </Text>
    </section>
  );
}

interface Props {
  /** The alarm the list's focus is on; none while the list is empty. */
  alarm: Alarm | undefined;
  siteName: string;
  device: DeviceInfo | undefined;
}

/** Memoised: a storm's commits redraw the page, and the focused alarm seldom changes with them. */
export const AlarmDetailPane = memo(function AlarmDetailPane({ alarm, siteName, device }: Props) {
  const { t } = useTranslation(['alarmDetail', 'alarms', 'common', 'sld']);
  const lng = useLanguage();
  const titleId = useId();
  const rule = useRuleOf(alarm);

  const body = () => {
    if (!alarm) {
      return (
        <Text size="sm" c="dimmed" data-testid="detail-empty">
          {t('alarmDetail:empty')}
        </Text>
      );
    }
    const path = devicePath(alarm.deviceId);
    const deviceName = device?.name ?? alarm.deviceId;
    const text = (value: Record<Language, string>) => localDigits(lng, value[lng] || value.en);
    return (
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <PriorityIcon priority={alarm.priority} size={22} />
          <Text fw={700} data-testid="detail-message">
            {localDigits(lng, alarm.message[lng] || alarm.message.en)}
          </Text>
        </Group>
        <dl className={consoleClasses.facts}>
          <dt>{t('alarmDetail:priority')}</dt>
          <dd>{t(`common:priority.${alarm.priority}`)}</dd>
          <dt>{t('alarms:timeline.state')}</dt>
          <dd data-testid="detail-state">{t(`alarms:category.${categoryOf(alarm)}`)}</dd>
          <dt>{t('alarmDetail:site')}</dt>
          <dd>{siteName}</dd>
          <dt>{t('alarmDetail:device')}</dt>
          <dd>{deviceName}</dd>
          <AlarmTimes alarm={alarm} />
        </dl>
        {path ? (
          <Button
            component={Link}
            to={path}
            variant="default"
            size="compact-sm"
            className={classes.deviceLink}
            data-testid="detail-device-link"
          >
            {t('alarmDetail:openDevice')}: {deviceName}
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            {t('alarmDetail:noDevicePage')}
          </Text>
        )}
        {drawnOnDiagram(device?.type) && (
          <Button
            component={Link}
            to={diagramPath(alarm.siteId, alarm.deviceId)}
            variant="default"
            size="compact-sm"
            className={classes.deviceLink}
            data-testid="detail-diagram-link"
          >
            {t('sld:showOnDiagram')}
          </Button>
        )}
        <AlarmSnapshot alarmId={alarm.id} />
        {rule.status === 'loading' && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t('alarmDetail:loading')}</Text>
          </Group>
        )}
        {rule.status === 'error' && (
          <Alert color="gray" variant="light" role="alert">
            <Group justify="space-between" gap="xs">
              <Text size="sm">{t('alarmDetail:error')}</Text>
              <Button size="compact-sm" variant="default" onClick={rule.retry}>
                {t('alarmDetail:retry')}
              </Button>
            </Group>
          </Alert>
        )}
        {rule.status === 'ready' && rule.rule === null && (
          <Text size="sm" c="dimmed" data-testid="detail-rule-gone">
            {t('alarmDetail:ruleGone')}
          </Text>
        )}
        {rule.status === 'ready' && rule.rule && (
          <>
            <ResponseTime alarm={alarm} rule={rule.rule} />
            {rule.rule.action.en === '' && rule.rule.cause.en === '' ? (
              <Text size="sm" c="dimmed" data-testid="detail-no-rationale">
                {t('alarmDetail:noRationale')}
              </Text>
            ) : (
              <>
                <Section title={t('alarmDetail:action')} testId="detail-action">
                  {text(rule.rule.action)}
                </Section>
                <Section title={t('alarmDetail:cause')} testId="detail-cause">
                  {text(rule.rule.cause)}
                </Section>
                <Section title={t('alarmDetail:consequence')} testId="detail-consequence">
                  {text(rule.rule.consequence)}
                </Section>
              </>
            )}
            <AlarmTrend alarm={alarm} rule={rule.rule} />
          </>
        )}
      </Stack>
    );
  };

  return (
    <Card
      component="aside"
      className={classes.pane}
      aria-labelledby={titleId}
      data-testid="alarm-detail"
      data-alarm={alarm?.id}
    >
      <Text component="h2" size="md" fw={700} m={0} id={titleId} className={classes.title}>
        {t('alarmDetail:title')}
      </Text>
      {body()}
    </Card>
  );
});
