// `/display`: the wall's pairing screen, readable from across the room. The code the admin got (two
// groups of four, case and dash optional) binds this browser as the display; `/display?code=…` pairs at
// once. A wall already paired goes straight to its playlist; one the hub unpaired says so here.
import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { itemPath, PAIRING_CODE_PATTERN } from '@voltscope/shared/displays';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../session/api.ts';
import { useSession } from '../../session/sessionStore.ts';
import { Logo } from '../../ui/Logo.tsx';
import { useDisplayState, type WallDisplay } from './displayStore.ts';
import classes from './PairingPage.module.css';
import { useKioskDocument } from './useKioskDocument.ts';
import { isWallSession, pairWall } from './wallSession.ts';

const firstPath = (display: WallDisplay): string | null => {
  const first = display.playlist[0];
  return first ? itemPath(first, display.siteIds) : null;
};

export function PairingPage() {
  const { t } = useTranslation(['kiosk', 'common']);
  useKioskDocument();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const display = useDisplayState((s) => s.display);
  const unpaired = useDisplayState((s) => s.unpaired);
  const paired = useSession((s) => isWallSession(s) && s.accessToken !== null);
  const [code, setCode] = useState(params.get('code') ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const linked = useRef(false);

  const pair = async (value: string) => {
    if (!PAIRING_CODE_PATTERN.test(value.trim())) {
      setError(t('kiosk:pairing.invalid'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await pairWall(value);
    } catch (e) {
      if (e instanceof ApiError && e.status === 429) {
        setError(t('kiosk:pairing.tooMany', { s: Math.ceil(e.retryAfter ?? 60) }));
      } else if (e instanceof ApiError && e.status < 500) setError(t('kiosk:pairing.refused'));
      else setError(t('kiosk:pairing.offline'));
    } finally {
      setBusy(false);
    }
  };

  // Paired (now, or before a reboot): the playlist runs in the kiosk layout.
  useEffect(() => {
    const path = paired && display ? firstPath(display) : null;
    if (path) void navigate(path, { replace: true });
  }, [paired, display, navigate]);

  // A pairing link: no typing on the wall.
  useEffect(() => {
    const linkCode = params.get('code');
    if (linkCode && !linked.current && !paired) {
      linked.current = true;
      void pair(linkCode);
    }
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void pair(code);
  };

  return (
    <div className={classes.screen} data-testid="pairing-screen">
      <Stack align="center" gap="lg" className={classes.panel}>
        <Logo size={72} />
        <Title order={1} className={classes.title}>
          {t('kiosk:pairing.title')}
        </Title>
        {unpaired && (
          <Text className={classes.unpaired} role="status" data-testid="pairing-unpaired">
            {t('kiosk:pairing.unpaired')}
          </Text>
        )}
        {paired && display ? (
          <Text className={classes.intro} role="status">
            {t('kiosk:pairing.starting')}
          </Text>
        ) : (
          <form onSubmit={onSubmit} className={classes.form} noValidate>
            <Text className={classes.intro}>{t('kiosk:pairing.intro')}</Text>
            <TextInput
              label={t('kiosk:pairing.code')}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={error}
              autoFocus
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={12}
              dir="ltr"
              placeholder="K7QF-M3XD"
              size="xl"
              classNames={{ input: classes.code, label: classes.label, error: classes.error }}
              data-testid="pairing-code"
            />
            <Button type="submit" size="xl" loading={busy} fullWidth data-testid="pairing-submit">
              {t('kiosk:pairing.submit')}
            </Button>
          </form>
        )}
      </Stack>
    </div>
  );
}
