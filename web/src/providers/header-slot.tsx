/**
 * Header slot contract. The restaurant layout renders `<Header mode=… slider=… />` itself; a screen that wants
 * the category slider in the header calls `useHeaderSlider(<CategorySlider … />)` while it is mounted, and the
 * header switches to SLIDER mode (TITLE mode again once the screen passes null or unmounts).
 * The node renders inside the header, outside the calling screen's React tree: give it what it needs through
 * props, TanStack Query hooks or module-level stores — not through providers that only the screen renders.
 * Memoise the node (useMemo) so the header re-renders only when the slider really changes.
 */
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';

type SetSlider = (node: ReactNode | null) => void;

const SetSliderContext = createContext<SetSlider | null>(null);
const SliderContext = createContext<ReactNode | null>(null);

/**
 * `initial`: the slider to show before any screen has set one — on a server-rendered page the screen's own
 * slider is only set by an effect, which the server never runs, so the layout passes the same slider in.
 */
export function HeaderSlotProvider({
  children,
  initial = null,
}: {
  children: ReactNode;
  initial?: ReactNode;
}) {
  const [slider, setSlider] = useState<ReactNode | null>(initial);
  return (
    <SetSliderContext value={setSlider}>
      <SliderContext value={slider}>{children}</SliderContext>
    </SetSliderContext>
  );
}

export function useHeaderSlider(node: ReactNode | null): void {
  const setSlider = useContext(SetSliderContext);
  useEffect(() => {
    setSlider?.(node);
  }, [setSlider, node]);
  useEffect(() => () => setSlider?.(null), [setSlider]);
}

export function useHeaderSliderNode(): ReactNode | null {
  return useContext(SliderContext);
}
