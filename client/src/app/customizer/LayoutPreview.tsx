// Small drawings of the layout, one per option of the customizer, so a choice shows what it changes.
// The part the option is about is outlined in the primary colour. Decoration only: the label says it all.
import { useId } from 'react';
import type { BarType, ContentWidth, Skin } from '../settings/layoutSettings.ts';
import classes from './LayoutPreview.module.css';

export interface PreviewProps {
  nav?: 'vertical' | 'collapsed' | 'horizontal';
  width?: ContentWidth;
  navbar?: BarType;
  footer?: BarType;
  skin?: Skin;
  scheme?: 'light' | 'dark' | 'system';
  semiDark?: boolean;
  focus?: 'nav' | 'navbar' | 'footer' | 'content' | 'none';
}

const W = 120;
const H = 76;

function Scene({ nav, width, navbar, footer, skin, semiDark, focus }: Required<Omit<PreviewProps, 'scheme'>>) {
  const navW = nav === 'vertical' ? 28 : nav === 'collapsed' ? 11 : 0;
  const inner = W - navW;
  const inset = width === 'boxed' ? inner * 0.12 : 4;
  const x0 = navW + inset;
  const x1 = W - inset;
  const top = nav === 'horizontal' ? 18 : navbar === 'hidden' ? 4 : 15;
  const bottom = footer === 'hidden' ? H - 4 : H - 10;
  const cardW = (x1 - x0 - 4) / 2;
  const cardH = (bottom - top - 6) / 2;
  const ring = (part: PreviewProps['focus']) => (focus === part ? classes.focus : undefined);
  return (
    <>
      <rect width={W} height={H} rx="6" className={skin === 'bordered' ? classes.surface : classes.page} />
      {focus === 'content' && (
        <rect x={x0 - 2} y={top} width={x1 - x0 + 4} height={bottom - top} rx="3" className={classes.area} />
      )}
      {navW > 0 && (
        <g className={ring('nav')}>
          <rect width={navW} height={H} rx="6" className={semiDark ? classes.semiDark : classes.box} />
          {[12, 20, 28, 36].map((y, i) => (
            <rect
              key={y}
              x="3"
              y={y}
              width={navW - 6}
              height="4"
              rx="2"
              className={i === 1 ? classes.primary : classes.line}
            />
          ))}
        </g>
      )}
      {nav === 'horizontal' && navbar !== 'hidden' && (
        <g className={ring('navbar') ?? ring('nav')}>
          <rect width={W} height="14" className={classes.box} />
          <rect x={x0} y="3" width="14" height="3" rx="1.5" className={classes.primary} />
          {[0, 1, 2].map((i) => (
            <rect
              key={i}
              x={x0 + i * 16}
              y="9"
              width="12"
              height="3"
              rx="1.5"
              className={i === 0 ? classes.primary : classes.line}
            />
          ))}
        </g>
      )}
      {nav !== 'horizontal' && navbar !== 'hidden' && (
        <g className={ring('navbar')}>
          <rect x={x0} y="4" width={x1 - x0} height="8" rx="2" className={classes.box} />
          <rect x={x0 + 3} y="7" width="14" height="2" rx="1" className={classes.line} />
        </g>
      )}
      {[0, 1].map((row) =>
        [0, 1].map((col) => (
          <rect
            key={`${row}-${col}`}
            x={x0 + col * (cardW + 4)}
            y={top + 2 + row * (cardH + 2)}
            width={cardW}
            height={cardH}
            rx="2"
            className={skin === 'bordered' ? classes.cardBordered : classes.card}
          />
        )),
      )}
      {footer !== 'hidden' && (
        <rect
          x={footer === 'sticky' ? navW : x0}
          y={H - 7}
          width={footer === 'sticky' ? inner : x1 - x0}
          height="5"
          rx="1.5"
          className={focus === 'footer' ? classes.primary : classes.line}
        />
      )}
    </>
  );
}

export function LayoutPreview({
  nav = 'vertical',
  width = 'fluid',
  navbar = 'static',
  footer = 'static',
  skin = 'bordered',
  scheme = 'light',
  semiDark = false,
  focus = 'none',
}: PreviewProps) {
  const clipId = useId();
  const scene = { nav, width, navbar, footer, skin, semiDark, focus };
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className={classes.svg} aria-hidden="true" focusable="false">
      <g className={scheme === 'dark' ? classes.dark : classes.light}>
        <Scene {...scene} />
      </g>
      {scheme === 'system' && (
        <>
          <defs>
            <clipPath id={clipId}>
              <rect x={W / 2} width={W / 2} height={H} />
            </clipPath>
          </defs>
          <g className={classes.dark} clipPath={`url(#${CSS.escape(clipId)})`}>
            <Scene {...scene} />
          </g>
        </>
      )}
    </svg>
  );
}
