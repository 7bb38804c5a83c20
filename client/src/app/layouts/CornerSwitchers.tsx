// The sign-in page's language and theme menus, their code loaded on first use. Mantine's Menu and Tooltip
// bring Floating UI: sign-in downloads 239 KB instead of 264 without them, for two menus most visitors never
// open. Until then each menu is a stand-in: the same button (switcherButtons.tsx), the same name and
// popup state for screen readers. The first pointer over it, focus on it or click loads both menus; the
// loaded button takes the focus back if the stand-in had it, and opens if the stand-in was clicked (or
// pressed with Enter or Space) meanwhile.

import { ActionIcon } from '@mantine/core';
import { type ComponentType, type ReactNode, useEffect, useRef, useState } from 'react';
import { LanguageButton, useThemeButton } from '../shell/switcherButtons.tsx';

type MenuComponent = ComponentType<{ defaultOpened?: boolean }>;
type Menus = { language: MenuComponent; theme: MenuComponent };

let menus: Promise<Menus> | undefined;
/** Both menus in one go (they share Menu and Floating UI), fetched once. */
const loadMenus = () => {
  menus ??= Promise.all([import('../shell/LanguageSwitcher.tsx'), import('../shell/ThemeSwitcher.tsx')]).then(
    ([language, theme]) => ({ language: language.LanguageSwitcher, theme: theme.ThemeSwitcher }),
  );
  return menus;
};

/** What a stand-in button takes: its handlers and the menu target's ARIA state, closed. */
interface StandInProps {
  onPointerEnter: () => void;
  onFocus: () => void;
  onBlur: () => void;
  onPointerDown: () => void;
  onClick: () => void;
  'aria-haspopup': 'menu';
  'aria-expanded': false;
  /** Until the menu is loaded (tests wait for it to go). */
  'data-stand-in': true;
}

function ThemeStandIn(props: StandInProps) {
  const { Shown, label } = useThemeButton();
  return (
    // HeaderIconButton's look; not that module, which brings Menu and Tooltip with its menu button.
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      radius="xl"
      aria-label={label}
      data-testid="theme-switcher"
      {...props}
    >
      <Shown size={22} />
    </ActionIcon>
  );
}

/** Puts the focus on the loaded menu's button if the stand-in had it and nothing else took it since. */
function FocusOnMount({ focus, children }: { focus: boolean; children: ReactNode }) {
  const box = useRef<HTMLSpanElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the loaded menu mounts.
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (focus && lost) box.current?.querySelector('button')?.focus();
  }, []);
  return (
    <span ref={box} style={{ display: 'contents' }}>
      {children}
    </span>
  );
}

function OnFirstUse({ which, StandIn }: { which: keyof Menus; StandIn: ComponentType<StandInProps> }) {
  // The stand-in keeps its place in the tree until the menu is here (not a Suspense fallback, which would
  // be a new button under the pointer and lose a click in progress); then one render swaps them.
  const [Menu, setMenu] = useState<MenuComponent | null>(null);
  const focused = useRef(false);
  const open = useRef(false);
  const wake = () => {
    loadMenus().then(
      (loaded) => setMenu(() => loaded[which]),
      () => {
        menus = undefined; // offline for a moment: the next hover or focus tries again
      },
    );
  };
  if (Menu) {
    return (
      <FocusOnMount focus={focused.current}>
        <Menu defaultOpened={open.current} />
      </FocusOnMount>
    );
  }
  return (
    <StandIn
      aria-haspopup="menu"
      aria-expanded={false}
      data-stand-in
      onPointerEnter={wake}
      onFocus={() => {
        focused.current = true;
        wake();
      }}
      onBlur={() => {
        focused.current = false;
      }}
      // From the press on: if the menu arrives between press and release, the release lands on the new
      // button, which makes no click; the menu opens as it mounts instead.
      onPointerDown={() => {
        open.current = true;
      }}
      onClick={() => {
        open.current = true;
        wake();
      }}
    />
  );
}

/** The language and theme menus of the sign-in page's corner. */
export function CornerSwitchers() {
  return (
    <>
      <OnFirstUse which="language" StandIn={LanguageButton} />
      <OnFirstUse which="theme" StandIn={ThemeStandIn} />
    </>
  );
}
