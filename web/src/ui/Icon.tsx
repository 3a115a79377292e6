// The small 16 px line icons on buttons, drawn in the text colour. One place for their
// shapes, so every button draws the same glyph the same way.
const line = { stroke: 'currentColor', strokeWidth: 1.5, fill: 'none', strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

const shapes = {
  share: <path d="M6.5 9.5 9.5 6.5M7 4.5l1-1a2.8 2.8 0 0 1 4 4l-1 1M9 11.5l-1 1a2.8 2.8 0 0 1-4-4l1-1" {...line} />,
  embed: <path d="M5.5 4.5 2 8l3.5 3.5M10.5 4.5 14 8l-3.5 3.5" {...line} />,
  download: <path d="M8 2v8m0 0L5 7m3 3 3-3M3 12.5h10" {...line} />,
  upload: <path d="M8 10V2m0 0L5 5m3-3 3 3M3 12.5h10" {...line} />,
  run: <path d="M4 2.5v11l9-5.5z" fill="currentColor" />,
  cancel: <rect x="3.5" y="3.5" width="9" height="9" rx="1.5" fill="currentColor" />,
  pin: <path d="M9.5 2.5 13.5 6.5 11 7.5 8.5 10l.5 3-2-2-3.5 3.5M7 11 5 9l3-2.5 1-2.5" {...line} />,
  variants: (
    <>
      <path d="M2 12 6 7l3 3 5-6" {...line} />
      <path d="M2 9l4-4 3 4 5-3" {...line} strokeWidth={1.2} opacity={0.5} />
    </>
  ),
};

export type IconName = keyof typeof shapes;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" className="btn-icon">
      {shapes[name]}
    </svg>
  );
}
