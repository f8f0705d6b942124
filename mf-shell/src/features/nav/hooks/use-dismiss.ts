import { type RefObject, useEffect, useEffectEvent } from 'react';

/**
 * Calls `onDismiss` while `active` when the pointer goes down or focus moves outside every `inside` element,
 * or when Escape is pressed. Pointer-down rather than click, so a press that starts outside and drags in still counts.
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
    // Focus moving past the last link (Tab) closes it too: what gets focus then is never under it.
    const onFocusIn = (event: FocusEvent) => {
      if (!isInside(event.target)) dismiss('outside');
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [active]);
}
