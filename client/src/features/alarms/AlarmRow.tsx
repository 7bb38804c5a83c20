// One alarm of the console's grid. An active alarm waiting for an acknowledgement is bold with a blinking
// marker (steady for readers who asked for less motion); an acknowledged active one is steady; one back to
// normal and still unacknowledged is dimmed with a hollow priority icon and does not blink; shelved,
// suppressed and out-of-service alarms are set back (dimmed, hatched edge) with their flag spelled out.
// The message's numbers are written in the language's digits, like every other figure of the row.

import { type Alarm, type AlarmPriority, alarmPriorities } from '@voltscope/shared/alarms';
import type { Language } from '@voltscope/shared/i18n';
import type { TFunction } from 'i18next';
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  type AlarmCategory,
  alarmCategories,
  categoryOf,
  isActive,
  isPresented,
  isUnacknowledged,
} from '../../alarmFeed/alarmView.ts';
import { PriorityIcon } from '../../alarmFeed/PriorityIcon.tsx';
import { devicePath } from '../../data/deviceLink.ts';
import { diagramPath, drawnOnDiagram } from '../../data/diagramPath.ts';
import { localDigits } from '../../i18n/format.ts';
import { IconArrowBack, IconBolt, IconCheck, IconClock, IconFileSearch, IconPencil } from '../../ui/icons.tsx';
import classes from './AlarmConsole.module.css';
import { formatAlarmTime, formatFullTime } from './alarmTime.ts';
import type { ConsoleCommand } from './consoleKeys.ts';
import type { DeviceInfo } from './useDeviceDirectory.ts';

/**
 * A row's words, translated once per language for every row (an alarm storm mounts and redraws rows
 * many times a second: a translation lookup per cell per row showed in the console's profile).
 */
export interface RowLabels {
  priority: Readonly<Record<AlarmPriority, string>>;
  category: Readonly<Record<AlarmCategory, string>>;
  acknowledge: string;
  shelve: string;
  unshelve: string;
  comment: string;
  timeline: string;
  showOnDiagram: string;
  select(message: string): string;
  until(time: string): string;
}

type RowT = TFunction<readonly ['alarms', 'common', 'sld']>;

/** A sentence translated once with a slot, filled per row by joining (no translation lookup per row). */
const SLOT = '\u0001';
const filled = (sentence: string) => {
  const parts = sentence.split(SLOT);
  return (value: string) => parts.join(value);
};

export function rowLabels(t: RowT): RowLabels {
  const byKey = <K extends string>(keys: readonly K[], label: (key: K) => string) =>
    Object.fromEntries(keys.map((key) => [key, label(key)])) as Record<K, string>;
  return {
    priority: byKey(alarmPriorities, (p) => t(`common:priority.${p}`)),
    category: byKey(alarmCategories, (c) => t(`alarms:category.${c}`)),
    acknowledge: t('alarms:actions.acknowledge'),
    shelve: t('alarms:actions.shelve'),
    unshelve: t('alarms:actions.unshelve'),
    comment: t('alarms:actions.comment'),
    timeline: t('alarms:actions.timeline'),
    showOnDiagram: t('sld:showOnDiagram'),
    select: filled(t('alarms:row.select', { message: SLOT })),
    until: filled(t('alarms:row.until', { time: SLOT })),
  };
}

/** What every row shares; the page keeps it the same object between renders so rows can skip theirs. */
export interface RowContext {
  canAct: boolean;
  lng: Language;
  labels: RowLabels;
  now: number;
  siteNames: ReadonlyMap<string, string>;
  devices: ReadonlyMap<string, DeviceInfo>;
  onToggle(id: number): void;
  onCommand(command: ConsoleCommand, alarm: Alarm): void;
  /** Makes the alarm the active row (a row's own button, whose click does not reach the row). */
  onActivateAlarm(id: number): void;
}

/**
 * Memoised: moving through 5,000 alarms re-renders the two rows whose activity changed, not all in view.
 * The cells are a memoised component of their own: a new alarm at the top of the list moves every row
 * below it down one place (a new index and position), which redraws only the rows' own element, not
 * their cells (an alarm storm adds rows many times a second while the operator scrolls).
 */
export const AlarmRow = memo(function AlarmRow({
  alarm,
  index,
  top,
  height,
  active,
  selected,
  context,
  onActivate,
}: {
  alarm: Alarm;
  index: number;
  top: number;
  height: number;
  active: boolean;
  selected: boolean;
  context: RowContext;
  onActivate: (index: number) => void;
}) {
  const unack = isUnacknowledged(alarm);
  const returned = !isActive(alarm);
  const blink = unack && !returned && isPresented(alarm);
  return (
    <tr
      id={`alarm-row-${alarm.id}`}
      aria-rowindex={index + 2}
      aria-selected={context.canAct ? selected : undefined}
      className={classes.row}
      style={{ insetBlockStart: top, height }}
      data-active={active || undefined}
      data-selected={selected || undefined}
      data-unack={unack || undefined}
      data-returned={returned || undefined}
      data-blink={blink || undefined}
      data-priority={alarm.priority}
      data-category={categoryOf(alarm)}
      data-testid="alarm-row"
      data-alarm-id={alarm.id}
      onClick={() => onActivate(index)}
    >
      <AlarmCells alarm={alarm} selected={selected} context={context} />
    </tr>
  );
});

const AlarmCells = memo(function AlarmCells({
  alarm,
  selected,
  context,
}: {
  alarm: Alarm;
  selected: boolean;
  context: RowContext;
}) {
  const { lng, canAct, labels } = context;
  const category = categoryOf(alarm);
  const unack = isUnacknowledged(alarm);
  const device = context.devices.get(alarm.deviceId);
  const path = devicePath(alarm.deviceId);
  const deviceName = device?.name ?? alarm.deviceId;
  const message = localDigits(lng, alarm.message[lng] || alarm.message.en);
  const returned = !isActive(alarm);
  const blink = unack && !returned && isPresented(alarm);

  // Native buttons and checkbox styled like Mantine's, with a native title rather than a tooltip: rows
  // are many and a storm mounts and redraws them many times a second. Mantine's ActionIcon and Checkbox
  // (theme, style props and three or four elements each) were most of a row's cost to mount.
  const action = (command: ConsoleCommand, label: string, icon: ReactNode, testId: string) => (
    <button
      type="button"
      className={classes.rowAction}
      tabIndex={-1}
      aria-label={label}
      title={label}
      data-testid={testId}
      onClick={(e) => {
        e.stopPropagation();
        context.onActivateAlarm(alarm.id);
        context.onCommand(command, alarm);
      }}
    >
      {icon}
    </button>
  );

  return (
    <>
      {canAct && (
        <td className={classes.check}>
          <input
            type="checkbox"
            className={classes.rowCheck}
            tabIndex={-1}
            checked={selected}
            aria-label={labels.select(message)}
            onChange={() => context.onToggle(alarm.id)}
            onClick={(e) => e.stopPropagation()}
          />
        </td>
      )}
      <td className={classes.priority}>
        <span
          className={classes.marker}
          data-on={unack || undefined}
          data-blink={blink || undefined}
          aria-hidden="true"
        />
        <PriorityIcon priority={alarm.priority} hollow={returned} />
        <span>{labels.priority[alarm.priority]}</span>
      </td>
      <td className={classes.time}>
        <time dateTime={new Date(alarm.raisedAt).toISOString()} title={formatFullTime(lng, alarm.raisedAt)}>
          {formatAlarmTime(lng, alarm.raisedAt, context.now)}
        </time>
      </td>
      <td className={classes.site}>{context.siteNames.get(alarm.siteId) ?? alarm.siteId}</td>
      <td className={classes.device}>
        {path ? (
          <Link to={path} tabIndex={-1} className={classes.deviceLink} onClick={(e) => e.stopPropagation()}>
            {deviceName}
          </Link>
        ) : (
          deviceName
        )}
        {drawnOnDiagram(device?.type) && (
          <Link
            to={diagramPath(alarm.siteId, alarm.deviceId)}
            tabIndex={-1}
            className={classes.deviceLink}
            title={labels.showOnDiagram}
            aria-label={labels.showOnDiagram}
            data-testid="alarm-show-on-diagram"
            onClick={(e) => e.stopPropagation()}
          >
            <IconBolt size={14} style={{ verticalAlign: 'middle', marginInlineStart: 4 }} />
          </Link>
        )}
      </td>
      <td className={classes.message} title={message}>
        {message}
      </td>
      <td className={classes.state}>
        <span className={classes.badge} data-category={category} data-testid="state-badge">
          {labels.category[category]}
        </span>
        <span className={classes.stateDetail} data-testid="state-detail">
          {stateDetail(alarm, category, labels, lng)}
        </span>
      </td>
      <td className={classes.actions}>
        {canAct && unack && action('acknowledge', labels.acknowledge, <IconCheck size={16} />, 'row-acknowledge')}
        {canAct &&
          (alarm.shelvedUntil === null
            ? action('shelve', labels.shelve, <IconClock size={16} />, 'row-shelve')
            : action('unshelve', labels.unshelve, <IconArrowBack size={16} />, 'row-unshelve'))}
        {canAct && action('comment', labels.comment, <IconPencil size={16} />, 'row-comment')}
        {action('timeline', labels.timeline, <IconFileSearch size={16} />, 'row-timeline')}
      </td>
    </>
  );
});

/** Beside the badge: the ISA-18.2 state under a flag, when the shelving ends, who acknowledged. */
function stateDetail(alarm: Alarm, category: AlarmCategory, labels: RowLabels, lng: Language): string {
  const parts: string[] = [];
  if (category === 'shelved' && alarm.shelvedUntil !== null) {
    parts.push(labels.until(formatAlarmTime(lng, alarm.shelvedUntil)));
  }
  if (category === 'out_of_service' && alarm.outOfServiceUntil !== null) {
    parts.push(labels.until(formatAlarmTime(lng, alarm.outOfServiceUntil)));
  }
  if (category !== alarm.state && alarm.state !== 'closed') parts.push(labels.category[alarm.state]);
  if (alarm.state === 'acknowledged' && alarm.acknowledgedBy) parts.push(alarm.acknowledgedBy);
  return parts.join(' · ');
}
