// Isolation (issue 25): extension code the shop renders sits inside a boundary of its own,
// which reports the error (on the page for staff, SPEC §6; the console for everyone) and
// renders nothing in its place, so neither the checkout nor other extensions break.

import { Component, type ReactNode } from 'react';

interface BoundaryProps {
  readonly source: string;
  readonly report: (source: string, error: unknown) => void;
  readonly children?: ReactNode;
}

/** Renders its children, or nothing once they threw. */
export class ExtensionBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    this.props.report(this.props.source, error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
