import * as React from 'react';
import { t } from '@/lib/i18n/i18n';

interface Props {
  children: React.ReactNode;
  /** A change (the next address) clears the error, as the data router did on navigation. */
  resetKey: string;
}

interface State {
  error: { message: string } | null;
}

/**
 * What the data router showed for an error it had no screen for (its default error element), so a screen
 * whose code cannot be fetched (offline, or a deploy that replaced the chunks) still says so instead of
 * leaving a blank page.
 */
export class RouteErrorBoundary extends React.Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: { message: error instanceof Error ? error.message : String(error) } };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  componentDidUpdate(previous: Props) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <>
        <h2>{t('common.unexpectedError')}</h2>
        <h3 style={{ fontStyle: 'italic' }}>{this.state.error.message}</h3>
      </>
    );
  }
}
