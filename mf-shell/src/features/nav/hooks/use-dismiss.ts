import { type RefObject, useEffect, useEffectEvent } from 'react';

/**
 * Calls `onDismiss` while `active` when the pointer goes down outside every `inside` element, or when Escape
 * is pressed. Pointer-down rather than click, so a press that starts outside and drags in still counts.
 */
export function useDismiss(
  active: boolean,
  inside: readonly RefObject<HTMLElement | null>[],
  onDismiss: (reason: 'outside' | 'escape') => void,
): void {
  const isInside = useEffectEvent((target: EventTarget | null) =>
    inside.some((ref) => target instanceof Node && ref.current?.contains(target)),
  );
  const dismiss = useEffectEvent(onDismiss);

  useEffect(() => {
    if (!active) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!isInside(event.target)) dismiss('outside');
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dismiss('escape');
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [active]);
}
