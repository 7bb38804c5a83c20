// A severity (an alarm's priority, or "info"), told apart three ways so that nobody depends on colour:
// its word, its shape (octagon, triangle, diamond, circle) and a fill whose lightness falls with it.
import type { EventSeverity } from '@voltscope/shared/alarms';
import { useTranslation } from 'react-i18next';
import { SeverityIcon } from './logIcons.tsx';
import classes from './logs.module.css';

export function SeverityBadge({ severity }: { severity: EventSeverity }) {
  const { t } = useTranslation(['common']);
  return (
    <span className={classes.severity} data-severity={severity}>
      <SeverityIcon severity={severity} size={14} />
      {t(`common:priority.${severity}`)}
    </span>
  );
}
