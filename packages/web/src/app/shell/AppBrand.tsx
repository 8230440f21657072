import { useSessionContext } from '../../platform/session/SessionContext';
import { AppBrandView } from '../../ui/AppBrandView';

/** The top bar's brand, from the app config. */
export function AppBrand() {
  const { config } = useSessionContext();
  return <AppBrandView settings={config} />;
}
