import { Component, type ReactNode, Suspense } from 'react';

type Props = { children: ReactNode };
type State = { failed: boolean };

/**
 * A lazily loaded part the page can do without (the toaster, the first-use guide): if its code cannot be
 * loaded — a page left open across a deploy, a dropped connection — the part is left out and the rest of the
 * screen stays. Without this, React would hand the failure to the route's error screen, which replaces the
 * whole app: an order that was placed would be followed by "Unexpected Application Error!".
 */
export class OptionalPart extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.warn('A part of the page could not be loaded and is left out:', error);
  }

  override render(): ReactNode {
    if (this.state.failed) return null;
    return <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}
