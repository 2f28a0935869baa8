import { useMemo, useRef, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import QRCode from 'qrcode';
import { BADGE_SHEETS, type TBadgePageSize } from '@pavilion/domain/badges/badges.enums';
import type { TBadgeAttendeeData, TBadgeElement } from '@pavilion/domain/badges/badges.schemas';
import { badgeText, bandColor } from '@pavilion/domain/badges/badge-layout';
import { moveElement, resizeElement } from '../lib/editor.ts';

const PX_PER_PT_MM = 25.4 / 72;

/** The QR as SVG rects from the same encoder the server uses (no innerHTML). */
export function QrSvg({ token, size }: { token: string; size: number }) {
  const path = useMemo(() => {
    const qr = QRCode.create(token || 'PV1', { errorCorrectionLevel: 'M' });
    const n = qr.modules.size;
    let d = '';
    for (let r = 0; r < n; r++)
      for (let c = 0; c < n; c++) {
        if (!qr.modules.get(r, c)) continue;
        const start = c;
        while (c + 1 < n && qr.modules.get(r, c + 1)) c++;
        d += `M${start + 2} ${r + 2}h${c - start + 1}v1h${start - c - 1}z`;
      }
    return { d, n: n + 4 };
  }, [token]);
  return (
    <svg width={size} height={size} viewBox={`0 0 ${path.n} ${path.n}`} aria-hidden style={{ display: 'block', background: '#fff' }}>
      <path d={path.d} fill="#000" />
    </svg>
  );
}

export type TBadgeCanvasProps = {
  pageSize: TBadgePageSize;
  elements: TBadgeElement[];
  data: TBadgeAttendeeData;
  token: string;
  categoryColors: Record<string, string>;
  eventColors: Record<string, string | null>;
  widthPx: number;
  overrides?: Record<string, string>;
  /** Editor mode: elements can be selected, dragged, resized and moved with the keyboard. */
  selectedId?: string | null;
  onSelect?: (id: string) => void;
  onChange?: (el: TBadgeElement) => void;
  label?: string;
  describeElement?: (el: TBadgeElement) => string;
  resizeLabel?: (name: string) => string;
};

/**
 * The badge laid out in HTML at the page's aspect ratio, from the same resolver as the server's PDF
 * (packages/domain/src/badges/badge-layout.ts), so the preview shows what prints.
 */
export function BadgeCanvas(p: TBadgeCanvasProps) {
  const page = BADGE_SHEETS[p.pageSize].badge;
  const scale = p.widthPx / page.width;
  const heightPx = page.height * scale;
  const isEditable = Boolean(p.onChange);
  const drag = useRef<{ id: string; mode: 'move' | 'resize'; startX: number; startY: number; el: TBadgeElement } | null>(null);

  function startDrag(e: ReactPointerEvent, el: TBadgeElement, mode: 'move' | 'resize') {
    if (!isEditable) return;
    e.stopPropagation();
    e.preventDefault();
    p.onSelect?.(el.id);
    drag.current = { id: el.id, mode, startX: e.clientX, startY: e.clientY, el };
    const onMove = (ev: PointerEvent) => {
      const d = drag.current;
      if (!d) return;
      const dx = (ev.clientX - d.startX) / scale;
      const dy = (ev.clientY - d.startY) / scale;
      p.onChange?.(d.mode === 'move' ? moveElement(d.el, dx, dy, p.pageSize) : resizeElement(d.el, dx, dy, p.pageSize));
    };
    const onUp = () => {
      drag.current = null;
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
  }

  function onKey(e: KeyboardEvent, el: TBadgeElement) {
    const step = e.shiftKey ? 5 : 1;
    const delta: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const d = delta[e.key];
    if (!d) return;
    e.preventDefault();
    // Alt + arrows resize; plain arrows move.
    p.onChange?.(e.altKey ? resizeElement(el, d[0], d[1], p.pageSize) : moveElement(el, d[0], d[1], p.pageSize));
  }

  return (
    <div
      role={isEditable ? 'group' : 'img'}
      aria-label={p.label}
      data-testid="badge-canvas"
      style={{ position: 'relative', width: p.widthPx, height: heightPx, background: '#fff', boxShadow: '0 1px 6px rgba(0,0,0,.25)', overflow: 'hidden', flex: 'none' }}
    >
      {p.elements.map((el) => {
        const isSelected = p.selectedId === el.id;
        // A text field's name ends with the text it shows (the sample attendee's name, say), so that what a sighted
        // user reads is part of what a screen reader or voice control calls it (WCAG 2.5.3, label in name).
        const elementName = (e: TBadgeElement) => {
          const described = p.describeElement?.(e) ?? e.id;
          if (e.type !== 'text' || e.source === 'static') return described;
          const shown = badgeText(e, p.data, p.overrides);
          return shown ? `${described}, ${shown}` : described;
        };
        const box = { position: 'absolute' as const, left: el.x * scale, top: el.y * scale, width: el.width * scale, height: el.height * scale };
        let inner = null;
        if (el.type === 'band') inner = <div style={{ width: '100%', height: '100%', background: bandColor(el, p.data.categoryId, p.categoryColors, p.eventColors) }} />;
        else if (el.type === 'qr') {
          const side = Math.min(box.width, box.height);
          inner = (
            <div style={{ width: '100%', height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
              <QrSvg token={p.token} size={side} />
            </div>
          );
        } else if (el.type === 'image')
          inner = el.dataBase64 ? (
            <img src={`data:${el.mimeType};base64,${el.dataBase64}`} alt="" style={{ width: '100%', height: '100%', objectFit: 'contain' }} draggable={false} />
          ) : (
            <div style={{ width: '100%', height: '100%', border: '1px dashed #868e96' }} />
          );
        else {
          const text = badgeText(el, p.data, p.overrides);
          inner = (
            <div
              style={{
                width: '100%',
                height: '100%',
                display: 'flex',
                alignItems: 'center',
                justifyContent: el.align === 'left' ? 'flex-start' : el.align === 'right' ? 'flex-end' : 'center',
                fontFamily: 'Helvetica, Arial, sans-serif',
                fontWeight: el.fontWeight === 'bold' ? 700 : 400,
                fontSize: el.fontSize * PX_PER_PT_MM * scale,
                color: el.color,
                whiteSpace: 'nowrap',
                overflow: 'hidden',
                lineHeight: 1,
              }}
            >
              {text}
            </div>
          );
        }
        if (!isEditable) return <div key={el.id} style={box}>{inner}</div>;
        return (
          <div
            key={el.id}
            role="button"
            tabIndex={0}
            aria-pressed={isSelected}
            aria-label={elementName(el)}
            data-element-id={el.id}
            onPointerDown={(e) => startDrag(e, el, 'move')}
            onFocus={() => p.onSelect?.(el.id)}
            onKeyDown={(e) => onKey(e, el)}
            style={{ ...box, cursor: 'move', outline: isSelected ? '2px solid #1971c2' : '1px dashed rgba(25,113,194,.35)', outlineOffset: 0, touchAction: 'none' }}
          >
            {inner}
            {isSelected && (
              <span
                // Pointer-only affordance: keyboard users resize with Alt + arrows or the numeric fields.
                aria-hidden
                data-testid="resize-handle"
                onPointerDown={(e) => startDrag(e, el, 'resize')}
                style={{ position: 'absolute', right: -6, bottom: -6, width: 12, height: 12, background: '#1971c2', border: '2px solid #fff', borderRadius: 2, cursor: 'nwse-resize' }}
              />
            )}
          </div>
        );
      })}
    </div>
  );
}
