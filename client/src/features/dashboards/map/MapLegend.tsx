// What the fleet map's markers say: grey for a site in a normal state, its worst active alarm's priority
// (the app's priority icons and colours), a dashed ring while its data has stopped, and size by capacity.
import { alarmPriorities } from '@voltscope/shared/alarms';
import { useTranslation } from 'react-i18next';
import { PriorityIcon } from '../../../alarmFeed/PriorityIcon.tsx';
import classes from './FleetMap.module.css';

export function MapLegend() {
  const { t } = useTranslation(['dashboards', 'common']);
  return (
    <ul className={classes.legend} aria-label={t('dashboards:map.legend.label')} data-testid="fleet-map-legend">
      <li className={classes.legendItem}>
        <span className={classes.swatch} data-worst="none" aria-hidden="true" />
        {t('dashboards:map.legend.normal')}
      </li>
      {alarmPriorities.map((priority) => (
        <li key={priority} className={classes.legendItem}>
          <PriorityIcon priority={priority} size={18} />
          {t(`common:priority.${priority}`)}
        </li>
      ))}
      <li className={classes.legendItem}>
        <span className={classes.swatch} data-worst="none" data-comm="lost" aria-hidden="true" />
        {t('dashboards:map.legend.stopped')}
      </li>
      <li className={classes.legendItem}>
        <span className={classes.sizes} aria-hidden="true">
          <span className={classes.swatch} data-size="small" />
          <span className={classes.swatch} />
        </span>
        {t('dashboards:map.legend.size')}
      </li>
    </ul>
  );
}
