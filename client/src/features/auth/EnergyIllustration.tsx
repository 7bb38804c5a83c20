import classes from './EnergyIllustration.module.css';

const BLADE = 'M0 0C4-9 4.5-38 0-58C-2.5-38-3.5-9 0 0Z';

function Turbine({ x, hubY, scale = 1, delay = '0s' }: { x: number; hubY: number; scale?: number; delay?: string }) {
  return (
    <g transform={`translate(${x} ${hubY}) scale(${scale})`}>
      <path d="M-4 150L-1.6 0H1.6L4 150Z" fill="#cfd6e8" />
      <g className={classes.rotor} style={{ animationDelay: delay }}>
        {[0, 120, 240].map((angle) => (
          <path key={angle} d={BLADE} transform={`rotate(${angle})`} fill="#eef1f8" />
        ))}
      </g>
      <circle r="4.5" fill="#fff" />
    </g>
  );
}

function Panel({ x, y }: { x: number; y: number }) {
  // A tilted module in simple perspective: the top edge is shifted and shorter than the bottom.
  return (
    <g transform={`translate(${x} ${y})`}>
      <path d="M14 44V62M70 44V62" stroke="#8b93ab" strokeWidth="3" />
      <path d="M0 48H84L66 0H22Z" fill="url(#vs-panel)" stroke="#9db7ff" strokeOpacity="0.45" />
      <path
        d="M28 0L21 48M44 0L42 48M60 0L63 48M6.5 32H77.5M13 16H71"
        stroke="#c7d6ff"
        strokeOpacity="0.35"
        strokeWidth="1.2"
      />
    </g>
  );
}

/** Sun, turbines and PV modules: decoration for the sign-in pages (hidden from assistive tech). */
export function EnergyIllustration({ className }: { className?: string | undefined }) {
  return (
    <svg viewBox="0 0 480 320" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="vs-panel" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#3d6fe0" />
          <stop offset="1" stopColor="#1c3a8f" />
        </linearGradient>
        <radialGradient id="vs-sun" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0.55" stopColor="#ff4c51" />
          <stop offset="1" stopColor="#ff4c51" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx="368" cy="82" r="70" fill="url(#vs-sun)" opacity="0.35" />
      <circle cx="368" cy="82" r="36" fill="#ff4c51" />
      <circle cx="368" cy="82" r="36" fill="#ffb199" opacity="0.25" />
      <path d="M20 276C120 262 200 266 300 272S440 282 460 276" stroke="#39405a" strokeWidth="2" fill="none" />
      <Turbine x={96} hubY={126} />
      <Turbine x={172} hubY={160} scale={0.78} delay="-1.3s" />
      <Panel x={228} y={206} />
      <Panel x={322} y={206} />
      <path d="M252 190h14l-8 12h10l-18 22 5-15h-9z" fill="#ffd166" opacity="0.9" />
    </svg>
  );
}
