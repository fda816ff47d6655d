import { createContext, useContext, type ReactNode } from 'react';
import { useConfig } from './config';

type Config = ReturnType<typeof useConfig>['data'];

/**
 * The site's configuration read once for the whole app: a page's posters (sixty on the home page)
 * each subscribing to it on their own was a large part of hydrating a page on a phone.
 */
const ConfigContext = createContext<Config>(undefined);

/** Gives the app the configuration (app-root.tsx; the tests' renderWithApp). */
export function ConfigProvider({ children }: { children: ReactNode }) {
  return <ConfigContext.Provider value={useConfig().data}>{children}</ConfigContext.Provider>;
}

/** The configuration once it has loaded (undefined until then), from ConfigProvider. */
export const useConfigData = () => useContext(ConfigContext);
