import { HashRouter } from 'react-router';
import { AppProviders } from './providers/AppProviders';
import { AppRoutes } from './router/AppRoutes';
import { CustomStylesheet } from './shell/CustomStylesheet';
import { UpdatePrompt } from './shell/UpdatePrompt';

export function App() {
  return (
    <HashRouter>
      <AppProviders>
        <AppRoutes />
        <CustomStylesheet />
        <UpdatePrompt />
      </AppProviders>
    </HashRouter>
  );
}
