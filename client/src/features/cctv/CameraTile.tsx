// One tile of the monitor: the camera's picture, its name and site, its link state (live, reconnecting,
// offline since …), a red frame with the alarm's words when it is in alarm, the "brought in by alarm"
// badge, and (outside kiosk) pin, full screen and the camera chooser. Double-click or Enter: full screen.
import { ActionIcon, Badge, Select, Text, Tooltip } from '@mantine/core';
import type { CameraInfo } from '@voltscope/shared/contracts/cameras';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, localDigits } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { CameraView, type LinkState } from './CameraView.tsx';
import classes from './cctv.module.css';
import { IconCamera, IconMaximize, IconPin } from './icons.tsx';

export interface TileProps {
  index: number;
  camera: CameraInfo | null;
  siteName: string;
  /** The open alarm's words, when the camera (or a device it covers) is in alarm. */
  alarmText: string | null;
  broughtIn: boolean;
  pinned: boolean;
  full: boolean;
  kiosk: boolean;
  choices: readonly { group: string; items: { value: string; label: string }[] }[];
  onChoose: (index: number, cameraId: string | null) => void;
  onPin: (index: number) => void;
  onFull: (index: number) => void;
  onStale: () => void;
}

export const CameraTile = memo(function CameraTile(props: TileProps) {
  const { index, camera, siteName, alarmText, broughtIn, pinned, full, kiosk } = props;
  const { t } = useTranslation('cctv');
  const lng = useLanguage();
  const [link, setLink] = useState<LinkState>('connecting');
  const offline = camera !== null && !camera.online;
  const shownState = offline ? 'offline' : link;
  const name = camera ? camera.name : t('emptyCell');
  const stateText =
    shownState === 'offline'
      ? camera?.offlineSince
        ? t('state.offlineSince', { time: localDigits(lng, formatDateTime(lng, camera.offlineSince)) })
        : t('state.offline')
      : t(`state.${shownState}`);

  return (
    // biome-ignore lint/a11y/useSemanticElements: a tile holds its own controls, so it is a group, not a button
    <div
      role="group"
      tabIndex={camera ? 0 : -1}
      aria-label={camera ? `${name}, ${siteName}: ${stateText}` : name}
      className={classes.tile}
      data-alarm={alarmText !== null || undefined}
      data-full={full || undefined}
      data-state={camera ? shownState : 'empty'}
      data-testid="cctv-tile"
      data-camera={camera?.id}
      onDoubleClick={() => camera && props.onFull(index)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && event.target === event.currentTarget && camera) props.onFull(index);
      }}
    >
      {/* On a wall, the first camera's picture is the page's main figure (kept large enough to read across a room). */}
      <div className={classes.stage} data-main-figure={kiosk && index === 0 ? '' : undefined}>
        {camera && !offline ? (
          <>
            <CameraView key={camera.id} camera={camera} onState={setLink} onStale={props.onStale} label={name} />
            {link !== 'live' && (
              <div className={classes.blank}>
                <IconCamera size={40} stroke={1.25} />
                <Text size="sm">{stateText}</Text>
              </div>
            )}
          </>
        ) : (
          <div className={classes.blank}>
            <IconCamera size={40} stroke={1.25} />
            {offline && <Text size="sm">{stateText}</Text>}
          </div>
        )}
        {alarmText !== null && (
          <div className={classes.alarm} data-testid="cctv-tile-alarm">
            {alarmText}
          </div>
        )}
        {broughtIn && (
          <Badge className={classes.broughtIn} color="red" variant="filled" size="sm" data-testid="cctv-brought-in">
            {t('broughtIn')}
          </Badge>
        )}
      </div>
      <div className={classes.caption}>
        {camera && <span className={classes.dot} data-state={shownState} aria-hidden="true" />}
        <div className={classes.names}>
          <Text size="sm" fw={600} truncate>
            {name}
          </Text>
          {camera && (
            <Text size="xs" c="dimmed" truncate>
              {siteName} · <span data-testid="cctv-tile-state">{stateText}</span>
            </Text>
          )}
        </div>
        {!kiosk && (
          <div className={classes.tools}>
            <Select
              size="xs"
              className={classes.choose}
              aria-label={t('chooseCamera')}
              placeholder={t('chooseCamera')}
              data={props.choices}
              value={camera?.id ?? null}
              onChange={(id) => props.onChoose(index, id)}
              clearable
              searchable
              comboboxProps={{ withinPortal: true }}
              data-testid="cctv-choose"
            />
            <Tooltip label={pinned ? t('unpin') : t('pin')}>
              <ActionIcon
                variant={pinned ? 'filled' : 'subtle'}
                aria-label={pinned ? t('unpin') : t('pin')}
                aria-pressed={pinned}
                onClick={() => props.onPin(index)}
                data-testid="cctv-pin"
              >
                <IconPin size={16} />
              </ActionIcon>
            </Tooltip>
            {camera && (
              <Tooltip label={full ? t('exitFullscreen') : t('fullscreen')}>
                <ActionIcon
                  variant="subtle"
                  aria-label={full ? t('exitFullscreen') : t('fullscreen')}
                  onClick={() => props.onFull(full ? -1 : index)}
                  data-testid="cctv-full"
                >
                  <IconMaximize size={16} />
                </ActionIcon>
              </Tooltip>
            )}
          </div>
        )}
      </div>
    </div>
  );
});
