// The console's list: an ARIA grid that renders only the rows in view (a flood of 5,000 alarms scrolls
// like ten), worked from the keyboard. Focus stays on the grid and moves an active row
// (aria-activedescendant); the page turns keys into commands (consoleKeys.ts).

import { useMediaQuery } from '@mantine/hooks';
import type { Alarm } from '@voltscope/shared/alarms';
import { type KeyboardEvent, type Ref, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './AlarmConsole.module.css';
import { AlarmRow, type RowContext } from './AlarmRow.tsx';

const ROW_HEIGHT = { wide: 48, narrow: 124 } as const;
const OVERSCAN = 8;
/** Half a blink: markers of alarms waiting for an acknowledgement dim and light again once a second. */
const BLINK_HALF_MS = 500;

export interface GridHandle {
  focus(): void;
}

export function AlarmGrid({
  alarms,
  activeIndex,
  onKey,
  onActivate,
  context,
  selected,
  label,
  gridRef,
}: {
  alarms: readonly Alarm[];
  selected: ReadonlySet<number>;
  activeIndex: number;
  onKey: (event: KeyboardEvent<HTMLTableElement>, pageSize: number) => void;
  onActivate: (index: number) => void;
  context: RowContext;
  label: string;
  gridRef?: Ref<GridHandle>;
}) {
  const { t } = useTranslation(['alarms', 'common']);
  const narrow = useMediaQuery('(max-width: 61.99em)') ?? false;
  const rowHeight = narrow ? ROW_HEIGHT.narrow : ROW_HEIGHT.wide;
  const viewport = useRef<HTMLDivElement>(null);
  const table = useRef<HTMLTableElement>(null);
  const header = useRef<HTMLTableSectionElement>(null);
  const [scroll, setScroll] = useState({ top: 0, height: 600 });

  useImperativeHandle(gridRef, () => ({ focus: () => table.current?.focus({ preventScroll: true }) }), []);

  useLayoutEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const measure = () => setScroll({ top: el.scrollTop, height: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // The blink's clock, on the table rather than a CSS animation per marker (AlarmConsole.module.css says
  // why); set on the element directly, so that it re-renders nothing.
  useEffect(() => {
    const timer = setInterval(() => table.current?.toggleAttribute('data-blink-dim'), BLINK_HALF_MS);
    return () => clearInterval(timer);
  }, []);

  // Keep the active row in view when the keyboard moves it.
  useEffect(() => {
    const el = viewport.current;
    if (!el || activeIndex < 0) return;
    const headerHeight = header.current?.offsetHeight ?? 0;
    const top = activeIndex * rowHeight;
    const visible = el.clientHeight - headerHeight;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + rowHeight > el.scrollTop + visible) el.scrollTop = top + rowHeight - visible;
  }, [activeIndex, rowHeight]);

  const first = Math.max(0, Math.floor(scroll.top / rowHeight) - OVERSCAN);
  const last = Math.min(alarms.length, Math.ceil((scroll.top + scroll.height) / rowHeight) + OVERSCAN);
  const indices: number[] = [];
  for (let i = first; i < last; i++) indices.push(i);
  // The active row is always in the document, so that aria-activedescendant names a real element.
  if (activeIndex >= 0 && activeIndex < alarms.length && (activeIndex < first || activeIndex >= last)) {
    indices.push(activeIndex);
  }
  const active = alarms[activeIndex];
  const pageSize = Math.max(1, Math.floor(scroll.height / rowHeight) - 1);

  return (
    <div
      ref={viewport}
      className={classes.viewport}
      onScroll={(e) => setScroll({ top: e.currentTarget.scrollTop, height: e.currentTarget.clientHeight })}
    >
      <table
        ref={table}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an ARIA grid built on a table keeps its row and cell semantics.
        role="grid"
        tabIndex={0}
        aria-label={label}
        aria-rowcount={alarms.length + 1}
        aria-multiselectable={context.canAct || undefined}
        aria-activedescendant={active ? `alarm-row-${active.id}` : undefined}
        className={classes.table}
        data-readonly={!context.canAct || undefined}
        data-testid="alarm-grid"
        onKeyDown={(e) => onKey(e, pageSize)}
      >
        <thead ref={header} className={classes.head}>
          <tr aria-rowindex={1} className={classes.headRow}>
            {context.canAct && (
              <th className={classes.check}>
                <span className="vs-sr-only">{t('alarms:columns.select')}</span>
              </th>
            )}
            <th>{t('alarms:columns.priority')}</th>
            <th>{t('alarms:columns.time')}</th>
            <th>{t('alarms:columns.site')}</th>
            <th>{t('alarms:columns.device')}</th>
            <th>{t('alarms:columns.message')}</th>
            <th>{t('alarms:columns.state')}</th>
            <th>
              <span className="vs-sr-only">{t('alarms:columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className={classes.body} style={{ height: alarms.length * rowHeight }}>
          {indices.map((index) => {
            const alarm = alarms[index] as Alarm;
            return (
              <AlarmRow
                key={alarm.id}
                alarm={alarm}
                index={index}
                top={index * rowHeight}
                height={rowHeight}
                active={index === activeIndex}
                selected={selected.has(alarm.id)}
                context={context}
                onActivate={onActivate}
              />
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
