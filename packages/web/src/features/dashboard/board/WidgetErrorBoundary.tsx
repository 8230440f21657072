import { Component, type ErrorInfo, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';

interface WidgetErrorBoundaryState {
  error: Error | null;
}

/** One broken widget (a chunk that failed, bad settings) must not take the whole dashboard down. */
export class WidgetErrorBoundary extends Component<{ children: ReactNode }, WidgetErrorBoundaryState> {
  override state: WidgetErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): WidgetErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <Alert severity="error">This widget could not be shown: {this.state.error.message}</Alert>;
  }
}
