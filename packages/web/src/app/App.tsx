import { HashRouter } from 'react-router';
import { AppProviders } from './providers/AppProviders';
import { AppRoutes } from './router/AppRoutes';
import { CustomStylesheet } from './shell/CustomStylesheet';
import { UpdatePrompt } from './shell/UpdatePrompt';
import { registerOffline } from '../features/offline/registerOffline';

// Before the first request: the start offline (app config, forms) is answered from the store.
registerOffline();

export function App() {
  // The URL is the form screen's shareable state: a change of it must render at once, together
  // with the screen's own state, not later as a transition (a render in between shows both disagreeing).
  return (
    <HashRouter useTransitions={false}>
      <AppProviders>
        <AppRoutes />
        <CustomStylesheet />
        <UpdatePrompt />
      </AppProviders>
    </HashRouter>
  );
}
