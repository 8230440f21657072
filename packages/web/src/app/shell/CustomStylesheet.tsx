import { useEffect } from 'react';
import { useSessionContext } from '../../platform/session/SessionContext';

export const CUSTOM_STYLESHEET_HREF = 'api/v1/app/custom-stylesheet';

/** With useCustomScss, the data dir's stylesheet is linked last in <head>, after MUI's styles. */
export function CustomStylesheet() {
  const { config } = useSessionContext();
  const enabled = config.useCustomScss;
  useEffect(() => {
    if (!enabled) return;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = CUSTOM_STYLESHEET_HREF;
    link.dataset.mdisCustom = 'true';
    document.head.appendChild(link);
    return () => link.remove();
  }, [enabled]);
  return null;
}
